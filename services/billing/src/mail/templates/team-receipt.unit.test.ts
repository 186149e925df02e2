import { describe, expect, it } from 'vitest';
import { teamReceiptMail } from './team-receipt.js';

const receipt = {
  name: 'Pastor Juan',
  teamName: 'Iglesia <b>Central</b>',
  seats: 5,
  amountCents: 10_000,
  paidAt: '2026-11-24T15:00:00.000Z',
  cardLast4: '4242',
  paymentId: '00000000-0000-4000-8000-000000000001',
};

describe('team plan receipt', () => {
  it('names the team, its seats and the amount, in Spanish and in English', () => {
    const es = teamReceiptMail('es', receipt);
    expect(es.subject).toBe('Recibo del plan de tu iglesia: Iglesia <b>Central</b>');
    expect(es.text).toContain('Plan de equipo «Iglesia <b>Central</b>» · 5 asientos');
    expect(es.text).toContain('$100.00 USD');
    expect(es.text).toContain('Mi iglesia');
    const en = teamReceiptMail('en', receipt);
    expect(en.text).toContain('Team plan “Iglesia <b>Central</b>” · 5 seats');
    expect(en.text).toContain('November 24, 2026');
    expect(en.text).toContain('My church');
  });

  it('escapes the team name in the HTML part', () => {
    const { html } = teamReceiptMail('es', receipt);
    expect(html).toContain('Iglesia &lt;b&gt;Central&lt;/b&gt;');
    expect(html).not.toContain('<b>Central');
  });
});
