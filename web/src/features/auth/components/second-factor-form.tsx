import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useI18n } from '@/i18n';
import { useCompleteSignIn } from '@/features/auth/api/second-factor';
import {
  looksLikeSecondFactorCode,
  secondFactorErrorText,
} from '@/features/auth/second-factor-errors';

/**
 * The sign-in's second step: the password was right and the account has two-step verification.
 * A code from the app, or a recovery code. On success the cached user changes and the auth
 * route redirects, as after a plain sign-in.
 */
export function SecondFactorForm() {
  const { t } = useI18n();
  const copy = t.twoFactor.signIn;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const complete = useCompleteSignIn();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeSecondFactorCode(code)) {
      setError(t.twoFactor.codeFormat);
      return;
    }
    setError(undefined);
    complete.mutate(
      { code: code.trim() },
      {
        // An expired step says to sign in again; the link back is below the form.
        onError: (failure) => setError(secondFactorErrorText(failure, t)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="second-factor-form">
      <Field label={copy.code} error={error}>
        {(control) => (
          <Input
            {...control}
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={complete.isPending}>
        {complete.isPending ? copy.submitting : copy.submit}
      </Button>
    </form>
  );
}
