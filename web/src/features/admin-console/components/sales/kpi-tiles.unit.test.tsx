import type { SalesMetricsResponse } from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import { decode, renderHtml } from '@/test/render';
import { KpiTiles } from './kpi-tiles';

const metrics: SalesMetricsResponse = {
  revenue: { grossCents: 4997, refundedCents: 999, disputedCents: 0, netCents: 3998 },
  mrrCents: 1999,
  activePlans: { monthly: 2, annual: 1 },
  newCustomers: 3,
  trials: { started: 4, converted: 1, conversionRate: 0.25 },
  disputes: { open: 1, won: 2, lost: 0 },
  topTools: [],
  series: [],
};

const text = (html: string) => decode(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

describe('the sales view’s tiles', () => {
  it('says each number with what it is made of (es)', () => {
    const html = text(renderHtml(<KpiTiles metrics={metrics} />, 'es'));
    expect(html).toContain('Ingresos netos $39.98 USD Bruto $49.97 USD · reembolsado $9.99 USD');
    expect(html).toContain('Planes activos 3 2 mensuales · 1 anuales');
    expect(html).toMatch(/Conversión de pruebas 25(\.0)?\s?% 1 de 4 pruebas pasaron a pago/);
    expect(html).toContain('Disputas 1 abiertas 2 ganadas · 0 perdidas');
  });

  it('reads in English', () => {
    const html = text(renderHtml(<KpiTiles metrics={metrics} />, 'en'));
    expect(html).toContain('Monthly recurring revenue $19.99 USD');
    expect(html).toContain('New customers 3');
  });
});
