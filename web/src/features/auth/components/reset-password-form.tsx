import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordRequestSchema } from '@mia/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { PasswordField } from './credential-fields';
import { useRuleMessage } from './use-rule-message';

interface Props {
  token: string;
  /** A token read from the address is not shown (nor editable): it came from the e-mail link. */
  hideToken: boolean;
  onDone: () => void;
}

export function ResetPasswordForm({ token, hideToken, onDone }: Props) {
  const { t } = useI18n();
  const rule = useRuleMessage();
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const copy = t.auth.reset;

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(values, {
      onSuccess: () => {
        toast({
          variant: 'success',
          title: t.toasts.resetSuccess,
          description: t.toasts.resetSuccessText,
        });
        form.reset({ token: '', newPassword: '', confirmPassword: '' });
        onDone();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t.toasts.resetFailed,
          description: errorText(error),
        }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {hideToken ? (
        <input type="hidden" {...form.register('token')} />
      ) : (
        <Field label={copy.token} error={rule(errors.token)}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('token')} />}
        </Field>
      )}
      {hideToken && errors.token ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {rule(errors.token)}
        </p>
      ) : null}
      <PasswordField
        label={copy.newPassword}
        error={rule(errors.newPassword)}
        autoComplete="new-password"
        registration={form.register('newPassword')}
      />
      <PasswordField
        label={copy.confirmPassword}
        error={rule(errors.confirmPassword)}
        autoComplete="new-password"
        registration={form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? copy.submitting : copy.submit}
      </Button>
    </form>
  );
}
