import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useCustomer } from '@/features/admin/api/customer-lookup';
import { CustomerDetails } from './customer-details';

/** Find a customer by e-mail: grants with their sources, payments, timeline; revoke, refund. */
export function CustomerLookup({ onChanged }: { onChanged: () => void }) {
  const { t } = useI18n();
  const copy = t.admin.lookup;
  const [email, setEmail] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const customer = useCustomer(searched);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = email.trim().toLowerCase();
    if (!wanted) return;
    if (wanted === searched) void customer.refetch();
    setSearched(wanted);
  };

  return (
    <div className="grid content-start gap-4">
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4"
        aria-labelledby="admin-lookup-title"
      >
        <div>
          <h3 id="admin-lookup-title" className="text-lg font-semibold text-navy-900">
            {copy.title}
          </h3>
          <p className="text-sm text-navy-700">{copy.description}</p>
        </div>
        <div className="flex items-end gap-2">
          <Field label={copy.email} className="flex-1">
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" variant="outline" disabled={!email.trim() || customer.isFetching}>
            <Search aria-hidden="true" />
            {copy.submit}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {searched && customer.isPending ? <Spinner label={copy.searching} /> : null}
        {customer.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
            {copy.failed}: {errorText(customer.error)}
          </p>
        ) : null}
        {customer.data ? (
          <CustomerDetails
            customer={customer.data}
            onChanged={() => {
              void customer.refetch();
              onChanged();
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
