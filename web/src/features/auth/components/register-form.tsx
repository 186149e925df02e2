import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema } from '@mia/contracts';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useRegister } from '@/features/auth/api/register';
import { EmailField, PasswordField } from './credential-fields';
import { useRuleMessage } from './use-rule-message';

/** Spec section 5: name, username, e-mail, password, confirmation and the terms checkbox. */
export function RegisterForm() {
  const { t } = useI18n();
  const rule = useRuleMessage();
  const registration = useRegister();
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      name: '',
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });
  const { errors } = form.formState;
  const copy = t.auth.register;

  const onSubmit = form.handleSubmit(({ name, username, email, password }) =>
    registration.mutate(
      { name, username, email, password },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t.toasts.registrationFailed,
            description: errorText(error),
          }),
      },
    ),
  );

  const termsError = rule(errors.acceptTerms);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field label={copy.name} error={rule(errors.name)}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field label={copy.username} error={rule(errors.username)}>
        {(control) => (
          <Input
            {...control}
            autoComplete="username"
            autoCapitalize="none"
            {...form.register('username')}
          />
        )}
      </Field>
      <EmailField
        label={t.auth.email}
        error={rule(errors.email)}
        registration={form.register('email')}
      />
      <PasswordField
        label={t.auth.password}
        error={rule(errors.password)}
        autoComplete="new-password"
        registration={form.register('password')}
      />
      <PasswordField
        label={copy.confirmPassword}
        error={rule(errors.confirmPassword)}
        autoComplete="new-password"
        registration={form.register('confirmPassword')}
      />
      <div className="grid gap-1.5">
        <div className="flex items-start gap-3">
          <Controller
            control={form.control}
            name="acceptTerms"
            render={({ field }) => (
              <Checkbox
                id="accept-terms"
                ref={field.ref}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-invalid={Boolean(termsError)}
                aria-describedby={termsError ? 'accept-terms-error' : undefined}
                className="mt-0.5"
              />
            )}
          />
          <label htmlFor="accept-terms" className="text-sm leading-snug text-navy-900">
            {copy.acceptTermsBefore}
            <Link
              to={paths.termsOfService}
              target="_blank"
              className="font-semibold text-navy-700 underline underline-offset-2"
            >
              {copy.acceptTermsLink}
            </Link>
          </label>
        </div>
        {termsError ? (
          <p id="accept-terms-error" className="text-sm font-medium text-red-800">
            {termsError}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={registration.isPending}>
        {registration.isPending ? copy.submitting : copy.submit}
      </Button>
    </form>
  );
}
