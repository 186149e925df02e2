import { describe, expect, it } from 'vitest';
import { findPlan } from '@/features/catalog/catalog';
import { catalogFixture } from '@/features/catalog/catalog.fixture';
import { catalogView } from '@/features/catalog/catalog-view';
import { formatMoney } from '@/i18n/format';
import { decode, renderHtml } from '@/test/render';
import { Plans } from './plans';

const catalog = catalogFixture();
const view = (locale: 'es' | 'en' = 'es') => catalogView(catalog, locale);

describe('subscription plans', () => {
  it('shows the annual saving computed from the catalogue prices', () => {
    const monthly = findPlan(catalog, 'monthly')!;
    const annual = findPlan(catalog, 'annual')!;
    const savedCents = 12 * monthly.priceCents - annual.priceCents;
    const percent = Math.round((savedCents / (12 * monthly.priceCents)) * 100);
    const html = decode(renderHtml(<Plans signedIn={false} view={view()} />, 'es'));
    expect(html).toContain(
      `Ahorras ${formatMoney(savedCents, 'es')} al año (${percent}% de descuento)`,
    );
    expect(html).toContain(formatMoney(annual.priceCents, 'es'));
    expect(html).toContain(formatMoney(monthly.priceCents, 'es'));
    // 12 x 20 - 65 = 175 USD, 73% with the seed's prices; the assertion above follows any change.
    expect(savedCents).toBe(17_500);
  });

  it('counts the tools of the catalogue in the plans features', () => {
    const five = catalogView(
      catalogFixture((list) => list.slice(0, 5)),
      'es',
    );
    const html = decode(renderHtml(<Plans signedIn={false} view={five} />, 'es'));
    expect(html).toContain('Acceso a las 5 herramientas especializadas');
  });

  it('follows a price change of the owner', () => {
    const changed = {
      ...catalog,
      plans: catalog.plans.map((plan) =>
        plan.planType === 'monthly' ? { ...plan, priceCents: 2500 } : plan,
      ),
    };
    const html = decode(renderHtml(<Plans signedIn={false} view={catalogView(changed, 'es')} />));
    expect(html).toContain(formatMoney(2500, 'es'));
  });

  it('sends signed-out visitors to /auth and signed-in ones to checkout', () => {
    const signedOut = renderHtml(<Plans signedIn={false} view={view()} />);
    expect(signedOut).not.toContain('/checkout/');
    expect(signedOut.match(/href="\/auth"/g)).toHaveLength(2);
    const signedIn = renderHtml(<Plans signedIn view={view()} />);
    expect(signedIn).toContain('href="/checkout/monthly-subscription"');
    expect(signedIn).toContain('href="/checkout/annual-subscription"');
  });

  it('reads in English too', () => {
    const html = decode(renderHtml(<Plans signedIn={false} view={view('en')} />, 'en'));
    expect(html).toContain('Save $175.00 USD a year (73% off)');
    expect(html).toContain('Annual Plan');
  });
});
