import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema } from '@mia/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { needsSecondFactor, useLogin } from '@/features/auth/api/login';
import { EmailField, PasswordField } from './credential-fields';
import { useRuleMessage } from './use-rule-message';

/**
 * E-mail and password; the e-mail is sent as `username` (spec section 3). An account with
 * two-step verification answers that a code is due: `onSecondFactor` shows that step.
 */
export function SignInForm({
  onForgot,
  onSecondFactor,
}: {
  onForgot: () => void;
  onSecondFactor: () => void;
}) {
  const { t } = useI18n();
  const rule = useRuleMessage();
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  // Success needs no navigation here: the cached user changes and the auth route redirects.
  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) => {
        if (needsSecondFactor(answer)) onSecondFactor();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t.toasts.loginFailed,
          description: errorText(error),
        }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <EmailField
        label={t.auth.email}
        error={rule(errors.username)}
        registration={form.register('username')}
      />
      <PasswordField
        label={t.auth.password}
        error={rule(errors.password)}
        autoComplete="current-password"
        registration={form.register('password')}
      />
      <div className="flex justify-end">
        <Button type="button" variant="link" size="inline" onClick={onForgot}>
          {t.auth.login.forgot}
        </Button>
      </div>
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? t.auth.login.submitting : t.auth.login.submit}
      </Button>
    </form>
  );
}
