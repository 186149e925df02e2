import type { User } from '@mia/contracts';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { useSetUpTotp } from '@/features/auth/api/totp-setup';
import { useEnableTotp } from '@/features/auth/api/totp-enable';
import { useDisableTwoFactor } from '@/features/auth/api/two-factor-disable';
import {
  looksLikeSecondFactorCode,
  secondFactorErrorText,
} from '@/features/auth/second-factor-errors';

/**
 * Account Settings' two-step verification: set-up (the secret for the app, confirmed with its
 * code), the ten recovery codes shown once, and turning it off (password and a code). Admins
 * need it before the admin panel and the staff console answer.
 */
export function TwoFactorSettings({ user }: { user: User }) {
  const { t } = useI18n();
  const copy = t.twoFactor.settings;
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <section aria-labelledby="two-factor-title" className="grid gap-3" data-testid="two-factor">
      <h3 id="two-factor-title" className="flex items-center gap-2 font-semibold text-navy-900">
        <ShieldCheck aria-hidden="true" className="size-4 text-gold-700" />
        {copy.title}
      </h3>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : user.twoFactorEnabled ? (
        <>
          <p className="text-sm text-navy-700">{copy.on}</p>
          <DisableForm />
        </>
      ) : (
        <>
          <p className="text-sm text-navy-700">{copy.off}</p>
          <EnrolForm onEnabled={setRecoveryCodes} />
        </>
      )}
    </section>
  );
}

function EnrolForm({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useI18n();
  const copy = t.twoFactor.settings;
  const setup = useSetUpTotp();
  const enable = useEnableTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const failed = (failure: unknown) =>
    toast({
      variant: 'destructive',
      title: copy.failed,
      description: secondFactorErrorText(failure, t),
    });

  if (!setup.data) {
    return (
      <div>
        <Button
          type="button"
          onClick={() => setup.mutate(undefined, { onError: failed })}
          disabled={setup.isPending}
        >
          {setup.isPending ? copy.starting : copy.start}
        </Button>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(t.twoFactor.codeFormat);
      return;
    }
    setError(undefined);
    enable.mutate(
      { code: digits },
      {
        onSuccess: ({ recoveryCodes }) => {
          toast({ variant: 'success', title: copy.enabled });
          onEnabled(recoveryCodes);
        },
        onError: (failure) => setError(secondFactorErrorText(failure, t)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <p className="text-sm text-navy-700">{copy.scan}</p>
      <a className="text-sm font-medium text-navy-800 underline" href={setup.data.otpauthUrl}>
        {copy.openInApp}
      </a>
      <p className="text-sm text-navy-800">
        {copy.secret}:{' '}
        <code className="font-mono break-all" data-testid="totp-secret">
          {setup.data.secret}
        </code>
      </p>
      <Field label={copy.code} error={error}>
        {(control) => (
          <Input
            {...control}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? copy.enabling : copy.enable}
        </Button>
        <Button type="button" variant="outline" onClick={() => setup.reset()}>
          {copy.cancel}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useI18n();
  const copy = t.twoFactor.settings;
  return (
    <div className="grid gap-3" data-testid="recovery-codes">
      <h4 className="font-semibold text-navy-900">{copy.recoveryTitle}</h4>
      <p className="text-sm text-navy-700">{copy.recoveryHint}</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm text-navy-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div>
        <Button type="button" onClick={onDone}>
          {copy.recoveryDone}
        </Button>
      </div>
    </div>
  );
}

function DisableForm() {
  const { t } = useI18n();
  const copy = t.twoFactor.settings;
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeSecondFactorCode(code) || password === '') {
      setError(t.twoFactor.codeFormat);
      return;
    }
    setError(undefined);
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => toast({ variant: 'success', title: copy.disabled }),
        onError: (failure) => setError(secondFactorErrorText(failure, t)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <p className="text-sm text-navy-700">{copy.disableHint}</p>
      <Field label={copy.password}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <Field label={t.twoFactor.signIn.code} error={error}>
        {(control) => (
          <Input
            {...control}
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <div>
        <Button type="submit" variant="outline" disabled={disable.isPending}>
          {disable.isPending ? copy.disabling : copy.disable}
        </Button>
      </div>
    </form>
  );
}
