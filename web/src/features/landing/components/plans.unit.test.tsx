import { annualPlan, monthlyPlan } from '@mia/catalog';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/i18n/format';
import { decode, renderHtml } from '@/test/render';
import { Plans } from './plans';

describe('subscription plans', () => {
  it('shows the annual saving computed from the catalogue prices', () => {
    const savedCents = 12 * monthlyPlan.priceCents - annualPlan.priceCents;
    const percent = Math.round((savedCents / (12 * monthlyPlan.priceCents)) * 100);
    const html = decode(renderHtml(<Plans signedIn={false} />, 'es'));
    expect(html).toContain(
      `Ahorras ${formatMoney(savedCents, 'es')} al año (${percent}% de descuento)`,
    );
    expect(html).toContain(formatMoney(annualPlan.priceCents, 'es'));
    expect(html).toContain(formatMoney(monthlyPlan.priceCents, 'es'));
    // 12 x 20 - 65 = 175 USD, 73% today; the assertion above follows any price change.
    expect(savedCents).toBe(17_500);
  });

  it('sends signed-out visitors to /auth and signed-in ones to checkout', () => {
    const signedOut = renderHtml(<Plans signedIn={false} />);
    expect(signedOut).not.toContain('/checkout/');
    expect(signedOut.match(/href="\/auth"/g)).toHaveLength(2);
    const signedIn = renderHtml(<Plans signedIn />);
    expect(signedIn).toContain('href="/checkout/monthly-subscription"');
    expect(signedIn).toContain('href="/checkout/annual-subscription"');
  });

  it('reads in English too', () => {
    const html = decode(renderHtml(<Plans signedIn={false} />, 'en'));
    expect(html).toContain('Save $175.00 USD a year (73% off)');
  });
});
