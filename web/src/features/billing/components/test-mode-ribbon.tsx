import { useQuery } from '@tanstack/react-query';
import { useI18n } from '@/i18n';
import { billingConfigQueryOptions } from '@/features/billing/api/billing-config';

/**
 * A ribbon across the top of every page while the deployment takes no real money (the Stripe
 * sandbox, or Stripe test-mode keys): nobody should mistake a test card's "purchase" for a real
 * one. Billing says so in its public, cacheable config; until it answers (or if it cannot) the
 * page shows nothing rather than guess.
 */
export function TestModeRibbon() {
  const { t } = useI18n();
  const { data } = useQuery({ ...billingConfigQueryOptions(), staleTime: Infinity });
  if (!data?.testMode) return null;
  return (
    <aside
      aria-label={t.testMode.label}
      data-testid="test-mode-ribbon"
      className="bg-gold-300 text-navy-950 border-gold-500 border-b px-4 py-1.5 text-center text-sm leading-snug"
    >
      <strong className="font-semibold">{t.testMode.title}</strong>: {t.testMode.text}
    </aside>
  );
}
