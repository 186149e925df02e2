import { accessPageProducts, localizeProduct } from '@mia/catalog';
import { CircleAlert, CircleCheck, ExternalLink } from 'lucide-react';
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
import { useI18n } from '@/i18n';
import { useVerifyGptAccess } from '@/features/access/api/verify-gpt-access';

type Result = 'granted' | 'denied' | 'network-error' | 'missing' | null;

export function VerifyAccessForm() {
  const { t, locale } = useI18n();
  const copy = t.verify;
  const [email, setEmail] = useState('');
  const [productId, setProductId] = useState('');
  const [result, setResult] = useState<Result>(null);
  const verify = useVerifyGptAccess();
  const product = accessPageProducts.find((p) => p.id === productId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !productId) {
      setResult('missing');
      return;
    }
    verify.mutate(
      { email: email.trim(), productId },
      {
        onSuccess: (outcome) => setResult(outcome),
        onError: () => setResult('network-error'),
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
            <Select value={productId} onValueChange={setProductId}>
              <SelectTrigger {...control}>
                <SelectValue placeholder={copy.productPlaceholder} />
              </SelectTrigger>
              <SelectContent>
                {accessPageProducts.map((item) => (
                  <SelectItem key={item.id} value={item.id}>
                    {localizeProduct(item, locale).name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        <Button type="submit" size="lg" disabled={verify.isPending}>
          {verify.isPending ? copy.submitting : copy.submit}
        </Button>
      </form>

      <div aria-live="polite">
        {result === 'missing' || result === 'network-error' ? (
          <p className="flex gap-2 rounded-xl bg-red-50 p-4 text-red-900">
            <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
            {result === 'missing' ? copy.required : copy.networkError}
          </p>
        ) : null}
        {result === 'granted' && product ? (
          <div className="grid gap-3 rounded-xl bg-green-50 p-4 text-green-900">
            <p className="flex gap-2 font-semibold">
              <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
              {copy.granted}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm">
                <a href={product.gptUrl} target="_blank" rel="noopener noreferrer">
                  {copy.openGpt}
                  <ExternalLink aria-hidden="true" />
                  <span className="sr-only">{t.common.newTab}</span>
                </a>
              </Button>
              <Button asChild size="sm" variant="outline">
                <Link to={paths.dashboard}>{copy.toDashboard}</Link>
              </Button>
            </div>
          </div>
        ) : null}
        {result === 'denied' ? (
          <div className="grid gap-3 rounded-xl bg-amber-50 p-4 text-amber-950">
            <p className="flex gap-2 font-semibold">
              <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
              {copy.denied}
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
