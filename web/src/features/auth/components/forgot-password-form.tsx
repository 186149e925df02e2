import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequestSchema } from '@mia/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { EmailField } from './credential-fields';
import { useRuleMessage } from './use-rule-message';

/** Asks for a reset link; a `resetToken` in the answer (development only) skips the e-mail. */
export function ForgotPasswordForm({ onToken }: { onToken: (token: string) => void }) {
  const { t } = useI18n();
  const rule = useRuleMessage();
  const forgot = useForgotPassword();
  const form = useForm({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    forgot.mutate(values, {
      onSuccess: (answer) => {
        toast({ variant: 'success', title: t.toasts.resetLinkSent, description: answer.message });
        if (answer.resetToken) onToken(answer.resetToken);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: t.toasts.error, description: errorText(error) }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <EmailField
        label={t.auth.email}
        error={rule(form.formState.errors.email)}
        registration={form.register('email')}
      />
      <Button type="submit" size="lg" disabled={forgot.isPending}>
        {forgot.isPending ? t.auth.forgot.submitting : t.auth.forgot.submit}
      </Button>
    </form>
  );
}
