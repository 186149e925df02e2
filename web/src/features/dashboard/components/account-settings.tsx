import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import {
  useAccountSettings,
  type AccountSettings as Settings,
} from '@/features/dashboard/settings';
import { ChangePasswordDialog } from './change-password-dialog';

function SettingSwitch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-navy-700">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}

/**
 * Spec section 2: two switches (kept by access, honoured by billing and access) and a password
 * change. `security` is what other features add (two-step verification, from the route).
 */
export function AccountSettings({ security }: { security?: ReactNode } = {}) {
  const { t } = useI18n();
  const copy = t.dashboard.settings;
  const { settings, loaded, update } = useAccountSettings({
    onError: (error) =>
      toast({ variant: 'destructive', title: copy.saveFailed, description: errorText(error) }),
  });
  const toggle = (key: keyof Settings) => (checked: boolean) => update({ [key]: checked });
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-bold text-navy-900">{copy.heading}</h2>
      </CardHeader>
      <CardContent className="grid gap-5">
        <SettingSwitch
          label={copy.emailNotifications}
          hint={copy.emailNotificationsHint}
          checked={settings.emailNotifications}
          disabled={!loaded}
          onChange={toggle('emailNotifications')}
        />
        <SettingSwitch
          label={copy.usageAlerts}
          hint={copy.usageAlertsHint}
          checked={settings.usageAlerts}
          disabled={!loaded}
          onChange={toggle('usageAlerts')}
        />
        <p className="text-xs text-navy-700">{copy.savedHere}</p>
        <div>
          <ChangePasswordDialog />
        </div>
        {security}
      </CardContent>
    </Card>
  );
}
