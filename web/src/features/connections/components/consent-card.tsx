import { Check, CircleUserRound, PlugZap } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n';
import type { InteractionDetails } from '@/features/connections/api/interaction-details';
import { clientLabel, scopeLines } from '@/features/connections/consent-copy';

interface Props {
  details: InteractionDetails & { account: NonNullable<InteractionDetails['account']> };
  onAllow: () => void;
  onCancel: () => void;
}

/**
 * The question itself: which tool, what it may do, as whom. The tool's name is the client's own
 * text (dynamic registration lets anyone choose it), so it is only ever rendered as text.
 */
export function ConsentCard({ details, onAllow, onCancel }: Props) {
  const { t } = useI18n();
  const copy = t.connections.consent;
  const { account } = details;
  return (
    <>
      <div className="grid gap-3">
        <span className="flex size-12 items-center justify-center rounded-xl bg-gold-100 text-gold-800">
          <PlugZap aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-bold text-navy-900">{copy.title}</h1>
        <p className="text-navy-800">
          <strong className="font-semibold break-words text-navy-950" data-testid="consent-client">
            {clientLabel(details.client)}
          </strong>{' '}
          {copy.wantsAccess}
        </p>
      </div>

      <div className="grid gap-2 rounded-xl border border-cream-300/70 bg-cream-50 p-4">
        <p className="text-sm font-semibold text-navy-900">{copy.mayLabel}</p>
        <ul className="grid gap-1.5" data-testid="consent-scopes">
          {scopeLines(details.scopes, copy.scopes).map((line) => (
            <li key={line} className="flex items-start gap-2 text-navy-900">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
              {line}
            </li>
          ))}
        </ul>
        <p className="text-sm text-navy-700">{copy.cannot}</p>
      </div>

      <div className="flex items-center gap-3" data-testid="consent-account">
        <CircleUserRound aria-hidden="true" className="size-8 shrink-0 text-navy-500" />
        <div className="grid min-w-0">
          <span className="text-xs font-semibold tracking-wide text-navy-700 uppercase">
            {copy.account}
          </span>
          <span className="truncate font-medium text-navy-950">{account.name}</span>
          <span className="text-sm break-all text-navy-700">{account.email}</span>
        </div>
      </div>

      <div className="grid gap-2 sm:grid-cols-2">
        <Button size="lg" onClick={onAllow} className="sm:order-2">
          {copy.allow}
        </Button>
        <Button size="lg" variant="outline" onClick={onCancel}>
          {copy.cancel}
        </Button>
      </div>
      <p className="text-xs text-navy-700">{copy.revokeHint}</p>
    </>
  );
}
