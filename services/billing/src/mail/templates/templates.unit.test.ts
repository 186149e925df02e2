import { describe, expect, it } from 'vitest';
import { receiptMail } from './receipt.js';
import { renewalFailedMail } from './renewal-failed.js';
import { trialReminderMail } from './trial-reminder.js';

const receipt = {
  name: 'Ana <script>',
  description: 'Manual de Ceremonias Ministeriales',
  amountCents: 999,
  paidAt: '2026-11-24T15:00:00.000Z',
  cardLast4: '4242',
  paymentId: '00000000-0000-4000-8000-000000000001',
};

describe('mail templates', () => {
  it('receipt: tool, amount, date and last 4, in Spanish and in English', () => {
    const es = receiptMail('es', receipt);
    expect(es.subject).toBe('Recibo de tu pago: Manual de Ceremonias Ministeriales');
    expect(es.text).toContain('$9.99 USD');
    expect(es.text).toContain('24 de noviembre de 2026');
    expect(es.text).toContain('terminada en 4242');
    const en = receiptMail('en', receipt);
    expect(en.subject).toBe('Receipt for your payment: Manual de Ceremonias Ministeriales');
    expect(en.text).toContain('November 24, 2026');
    expect(en.text).toContain('ending in 4242');
  });

  it('receipt: a promotion code shows its discount and the amount paid after it', () => {
    const paid = { ...receipt, amountCents: 499, discountCents: 500, promotionCode: 'MITAD' };
    const es = receiptMail('es', paid).text;
    expect(es).toMatch(/Descuento.*-\$5\.00 USD \(código MITAD\)/);
    expect(es).toContain('$4.99 USD');
    expect(receiptMail('en', paid).text).toMatch(/Discount.*-\$5\.00 USD \(code MITAD\)/);
    expect(receiptMail('es', receipt).text).not.toContain('Descuento');
  });

  it('escapes what the customer typed in the HTML part', () => {
    const { html } = receiptMail('es', receipt);
    expect(html).toContain('Ana &lt;script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('a receipt without a known card leaves the card out', () => {
    expect(receiptMail('es', { ...receipt, cardLast4: null }).text).not.toContain('Tarjeta');
  });

  it('trial reminder and renewal notice point at the configured site', () => {
    const reminder = trialReminderMail('es', {
      name: 'Rut',
      siteUrl: 'https://mia.example',
      endsAt: '2026-11-27T10:00:00.000Z',
    });
    expect(reminder.subject).toBe('Tu prueba gratuita termina mañana');
    expect(reminder.text).toContain('27 de noviembre de 2026');
    expect(reminder.text).toContain('https://mia.example');
    const notice = renewalFailedMail('en', {
      name: 'Rut',
      siteUrl: 'https://mia.example',
      planName: 'Plan Mensual',
      amountCents: 2000,
      reason: 'Your card was declined.',
    });
    expect(notice.subject).toBe('We could not renew your Plan Mensual');
    expect(notice.text).toContain('$20.00 USD');
    expect(notice.text).toContain('https://mia.example/dashboard');
    expect(notice.text).toContain('Your card was declined.');
  });
});
