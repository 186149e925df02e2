import { describe, expect, it } from 'vitest';
import { giftReceiptMail } from './gift-receipt.js';

const gift = {
  name: 'Ana',
  itemName: 'Manual de Ceremonias Ministeriales',
  recipientEmail: 'pastor@iglesia.org',
  amountCents: 999,
  paidAt: '2026-03-01T10:00:00.000Z',
  sendAt: '2026-12-24T08:00:00.000Z',
  cardLast4: '4242',
  paymentId: '00000000-0000-4000-8000-0000000000f1',
};

describe('gift receipt', () => {
  it('names the gift, its recipient, the amount and the card, in Spanish and in English', () => {
    const es = giftReceiptMail('es', gift);
    expect(es.subject).toBe(
      'Recibo de tu regalo: Manual de Ceremonias Ministeriales para pastor@iglesia.org',
    );
    expect(es.text).toContain('pastor@iglesia.org');
    expect(es.text).toMatch(/\$9\.99 USD/);
    expect(es.text).toContain('terminada en 4242');
    const en = giftReceiptMail('en', gift);
    expect(en.subject).toBe(
      'Receipt for your gift: Manual de Ceremonias Ministeriales for pastor@iglesia.org',
    );
    expect(en.text).toContain('ending in 4242');
  });

  it('escapes what the buyer typed', () => {
    const html = giftReceiptMail('es', { ...gift, recipientEmail: '<b>x</b>@iglesia.org' }).html;
    expect(html).not.toContain('<b>x</b>');
  });
});
