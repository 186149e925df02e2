import { UserCog } from 'lucide-react';
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
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useChangeRole } from '@/features/admin/api/change-role';

/** Grants or removes the admin role (identity decides; who and why are recorded). */
export function RoleForm() {
  const { t } = useI18n();
  const copy = t.roles;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'user' | 'admin' | ''>('');
  const [reason, setReason] = useState('');
  const change = useChangeRole();
  const ready = email.trim() !== '' && role !== '' && reason.trim().length >= 3;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (role === '' || !ready) return;
    change.mutate(
      { email: email.trim(), role, reason: reason.trim() },
      {
        onSuccess: ({ changed }) => {
          toast({ variant: 'success', title: changed ? copy.changed : copy.unchanged });
          setEmail('');
          setRole('');
          setReason('');
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
      aria-labelledby="admin-roles-title"
      data-testid="admin-roles"
    >
      <div>
        <h3
          id="admin-roles-title"
          className="flex items-center gap-2 text-lg font-semibold text-navy-900"
        >
          <UserCog aria-hidden="true" className="size-4 text-gold-700" />
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
      <Field label={copy.role}>
        {(control) => (
          <Select value={role} onValueChange={(value) => setRole(value as 'user' | 'admin')}>
            <SelectTrigger {...control} data-testid="role-select">
              <SelectValue placeholder={copy.role} />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="admin">{copy.roleAdmin}</SelectItem>
              <SelectItem value="user">{copy.roleUser}</SelectItem>
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field label={copy.reason}>
        {(control) => (
          <Input {...control} value={reason} onChange={(event) => setReason(event.target.value)} />
        )}
      </Field>
      <div>
        <Button type="submit" disabled={!ready || change.isPending}>
          {change.isPending ? copy.submitting : copy.submit}
        </Button>
      </div>
    </form>
  );
}
