import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

interface CredentialFieldProps {
  label: ReactNode;
  /** Already translated. */
  error?: string;
  registration: UseFormRegisterReturn;
}

/** The e-mail input every auth form shares (mobile keyboards get the e-mail layout). */
export function EmailField({ label, error, registration }: CredentialFieldProps) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <Input {...control} type="email" autoComplete="email" inputMode="email" {...registration} />
      )}
    </Field>
  );
}

/** A password input; `autoComplete` tells password managers whether to fill or to suggest. */
export function PasswordField({
  label,
  error,
  registration,
  autoComplete,
}: CredentialFieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <Input {...control} type="password" autoComplete={autoComplete} {...registration} />
      )}
    </Field>
  );
}
