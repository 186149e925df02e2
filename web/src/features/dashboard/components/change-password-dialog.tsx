import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import {
  useChangePassword,
  type ChangePasswordBody,
} from '@/features/dashboard/api/change-password';

const PASSWORD_MIN = 6;
const empty: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Problems = Partial<Record<keyof ChangePasswordBody, string>>;

const fields = [
  { name: 'currentPassword', autoComplete: 'current-password' },
  { name: 'newPassword', autoComplete: 'new-password' },
  { name: 'confirmPassword', autoComplete: 'new-password' },
] as const;

/** Identity's password change, with the spec's rules checked before sending. */
export function ChangePasswordDialog() {
  const { t } = useI18n();
  const copy = t.dashboard.password;
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(empty);
  const [problems, setProblems] = useState<Problems>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const change = useChangePassword();

  const labels = {
    currentPassword: copy.current,
    newPassword: copy.next,
    confirmPassword: copy.confirm,
  };

  const check = (input: ChangePasswordBody): Problems => {
    const found: Problems = {};
    if (!input.currentPassword) found.currentPassword = copy.currentRequired;
    if (input.newPassword.length < PASSWORD_MIN) found.newPassword = t.validation.passwordMin;
    if (input.confirmPassword !== input.newPassword) {
      found.confirmPassword = t.validation.passwordsMismatch;
    }
    return found;
  };

  const reset = () => {
    setValues(empty);
    setProblems({});
    setServerError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(values);
    setProblems(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    change.mutate(values, {
      onSuccess: () => {
        toast({ variant: 'success', title: copy.changed, description: copy.changedText });
        setOpen(false);
        reset();
      },
      onError: (error) => setServerError(errorText(error)),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <KeyRound aria-hidden="true" />
          {t.dashboard.settings.changePassword}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t.common.close}>
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {fields.map(({ name, autoComplete }) => (
            <Field key={name} label={labels[name]} error={problems[name]}>
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete={autoComplete}
                  value={values[name]}
                  onChange={(event) =>
                    setValues((current) => ({ ...current, [name]: event.target.value }))
                  }
                />
              )}
            </Field>
          ))}
          {serverError ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900">
              {copy.failed}: {serverError}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {copy.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? copy.submitting : copy.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
