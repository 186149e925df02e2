import { ALL_PRODUCTS } from '@mia/contracts';
import { Gift } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { useCatalog } from '@/features/catalog/use-catalog';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useGrantAccess } from '@/features/admin/api/grant-access';

/** Spec section 2: e-mail and product (every tool, or all), disabled until both are chosen. */
export function GrantForm({ onGranted }: { onGranted: () => void }) {
  const { t } = useI18n();
  const { view: catalog } = useCatalog();
  const copy = t.admin.grant;
  const [email, setEmail] = useState('');
  const [productId, setProductId] = useState('');
  const [reason, setReason] = useState('');
  const grant = useGrantAccess();
  const ready = email.trim() !== '' && productId !== '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const why = reason.trim();
    grant.mutate(
      { email: email.trim(), productId, ...(why ? { reason: why } : {}) },
      {
        onSuccess: ({ message }) => {
          toast({ variant: 'success', title: copy.done, description: message });
          setEmail('');
          setProductId('');
          setReason('');
          onGranted();
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: copy.failed, description: errorText(error) }),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid content-start gap-4"
      aria-labelledby="admin-grant-title"
    >
      <div>
        <h3 id="admin-grant-title" className="text-lg font-semibold text-navy-900">
          {copy.title}
        </h3>
        <p className="text-sm text-navy-700">{copy.description}</p>
      </div>
      <Field label={copy.email}>
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
      <Field label={copy.product}>
        {(control) => (
          <Select value={productId} onValueChange={setProductId}>
            <SelectTrigger {...control} data-testid="grant-product">
              <SelectValue placeholder={copy.productPlaceholder} />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_PRODUCTS}>{copy.all}</SelectItem>
              {(catalog?.products ?? []).map((product) => (
                <SelectItem key={product.id} value={product.id}>
                  {product.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field label={copy.reason}>
        {(control) => (
          <Input
            {...control}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={!ready || grant.isPending} className="justify-self-start">
        <Gift aria-hidden="true" />
        {grant.isPending ? copy.submitting : copy.submit}
      </Button>
    </form>
  );
}
