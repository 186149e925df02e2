import { describe, expect, it } from 'vitest';
import { planPriceChangeMail } from './plan-price-change.js';

const data = {
  name: 'Rut <b>',
  siteUrl: 'https://mia.example',
  plan: 'monthly' as const,
  previousPriceCents: 2000,
  priceCents: 2500,
  effectiveFrom: '2026-12-02T10:00:00.000Z',
};

describe('plan price change notice', () => {
  it('old and new price, the date from which it applies, and where to cancel, in Spanish', () => {
    const es = planPriceChangeMail('es', data);
    expect(es.subject).toBe('Cambia el precio de tu Plan Mensual');
    expect(es.text).toContain('pasa de $20.00 USD a $25.00 USD al mes');
    expect(es.text).toContain('2 de diciembre de 2026');
    expect(es.text).toContain('https://mia.example/dashboard');
    expect(es.html).toContain('Rut &lt;b&gt;');
  });

  it('in English, and for the annual plan', () => {
    const en = planPriceChangeMail('en', { ...data, plan: 'annual', previousPriceCents: null });
    expect(en.subject).toBe('The price of your Annual Plan is changing');
    expect(en.text).toContain('becomes $25.00 USD a year');
    expect(en.text).toContain('December 2, 2026');
  });
});
