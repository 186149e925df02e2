import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
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
import { paths } from '@/config/paths';
import { translateRule, useI18n } from '@/i18n';
import { useVerifyGptAccess } from '@/features/access/api/verify-gpt-access';
import type { VerifyOutcome } from '@/features/access/verify-answer';
import { CatalogError } from '@/features/catalog/components/catalog-state';
import { useCatalog } from '@/features/catalog/use-catalog';

type Result = VerifyOutcome | { kind: 'networkError' } | { kind: 'missing' } | null;

/**
 * The public access check (spec section 2): e-mail, GPT and, for a definite answer without a
 * session, the user's access code.
 */
export function VerifyAccessForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const { t, locale } = useI18n();
  const copy = t.verify;
  const [email, setEmail] = useState(defaultEmail);
  const [productId, setProductId] = useState('');
  const [accessCode, setAccessCode] = useState('');
  const [result, setResult] = useState<Result>(null);
  const verify = useVerifyGptAccess();
  // Every tool someone may own, retired ones included (they stay usable by their owners).
  const catalog = useCatalog();
  const products = catalog.view?.catalog.products ?? [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !productId) {
      setResult({ kind: 'missing' });
      return;
    }
    const code = accessCode.trim();
    verify.mutate(
      { email: email.trim(), productId, ...(code ? { accessCode: code } : {}) },
      {
        onSuccess: setResult,
        onError: () => setResult({ kind: 'networkError' }),
      },
    );
  };

  return (
    <div className="grid gap-6">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field label={copy.email}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Field label={copy.product}>
          {(control) => (
            <Select value={productId} onValueChange={setProductId} disabled={!catalog.view}>
              <SelectTrigger {...control}>
                <SelectValue placeholder={copy.productPlaceholder} />
              </SelectTrigger>
              <SelectContent>
                {products.map((item) => (
                  <SelectItem key={item.id} value={item.id}>
                    {item.name[locale]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        {catalog.isError ? <CatalogError onRetry={catalog.retry} /> : null}
        <Field label={copy.accessCode}>
          {(control) => (
            <>
              <Input
                {...control}
                aria-describedby={`${control.id}-hint`}
                autoComplete="off"
                spellCheck={false}
                value={accessCode}
                onChange={(event) => setAccessCode(event.target.value)}
              />
              <p id={`${control.id}-hint`} className="text-sm text-navy-700">
                {copy.accessCodeHint}
              </p>
            </>
          )}
        </Field>
        <Button type="submit" size="lg" disabled={verify.isPending}>
          {verify.isPending ? copy.submitting : copy.submit}
        </Button>
      </form>

      <div aria-live="polite">
        {result?.kind === 'missing' ||
        result?.kind === 'networkError' ||
        result?.kind === 'refused' ? (
          <p className="flex gap-2 rounded-xl bg-red-50 p-4 text-red-900">
            <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
            {result.kind === 'missing'
              ? copy.required
              : result.kind === 'networkError'
                ? copy.networkError
                : translateRule(result.message, t)}
          </p>
        ) : null}
        {result?.kind === 'granted' ? (
          <div className="grid gap-3 rounded-xl bg-green-50 p-4 text-green-900">
            <p className="flex gap-2 font-semibold">
              <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
              {copy.granted}
            </p>
            {/* Where a tool opens is not public: the dashboard's 'Usar' asks access for it. */}
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm">
                <Link to={paths.dashboard}>{copy.toDashboard}</Link>
              </Button>
            </div>
          </div>
        ) : null}
        {result?.kind === 'denied' || result?.kind === 'needsProof' ? (
          <div
            className={
              result.kind === 'denied'
                ? 'grid gap-3 rounded-xl bg-amber-50 p-4 text-amber-950'
                : 'grid gap-3 rounded-xl bg-navy-50 p-4 text-navy-950'
            }
          >
            <p className="flex gap-2 font-semibold">
              {result.kind === 'denied' ? (
                <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
              ) : (
                <Info aria-hidden="true" className="size-5 shrink-0" />
              )}
              {result.kind === 'denied' ? copy.denied : copy.needsProof}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm">
                <Link to={paths.dashboard}>{copy.buy}</Link>
              </Button>
              <Button asChild size="sm" variant="outline">
                <Link to={paths.auth}>{copy.signIn}</Link>
              </Button>
            </div>
            <p className="flex flex-wrap gap-4 text-sm">
              <Link to={paths.auth} className="underline underline-offset-2">
                {copy.createAccount}
              </Link>
              <Link to={paths.home} className="underline underline-offset-2">
                {copy.home}
              </Link>
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
