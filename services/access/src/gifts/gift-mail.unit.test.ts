import { describe, expect, it } from 'vitest';
import { claimUrlOf, giftMail } from './gift-mail.js';
import { giftPeriodEnd } from './gift-period.js';

describe('the gift mail', () => {
  const base = {
    to: 'pastor@iglesia.org',
    fromName: 'Ana <script>',
    itemName: 'Estudio de Apocalipsis',
    message: 'Gracias por <b>todo</b>\n& bendiciones',
    claimUrl: claimUrlOf('https://mia.example.org', 'tok-en_1'),
  };

  it('links to /regalo with the token on the public origin', () => {
    expect(base.claimUrl).toBe('https://mia.example.org/regalo?token=tok-en_1');
  });

  it("escapes the buyer's message and name in the HTML and keeps them in the text", () => {
    const mail = giftMail({ ...base, language: 'es' });
    expect(mail.html).not.toContain('<b>todo</b>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Gracias por &lt;b&gt;todo&lt;/b&gt;<br>&amp; bendiciones');
    expect(mail.text).toContain('Gracias por <b>todo</b>\n& bendiciones');
    expect(mail.text).toContain(base.claimUrl);
    expect(mail.subject).toContain('te ha hecho un regalo');
  });

  it("speaks the buyer's language", () => {
    const mail = giftMail({ ...base, language: 'en', message: null });
    expect(mail.subject).toContain('sent you a gift');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).not.toContain('writes:');
  });
});

describe('a gifted plan period', () => {
  it('lasts one calendar month or one year from the claim', () => {
    const claimed = new Date('2026-03-06T10:00:00.000Z');
    expect(giftPeriodEnd('monthly', claimed).toISOString()).toBe('2026-04-06T10:00:00.000Z');
    expect(giftPeriodEnd('annual', claimed).toISOString()).toBe('2027-03-06T10:00:00.000Z');
  });

  it('ends on the last day of a shorter month', () => {
    const claimed = new Date('2026-01-31T08:00:00.000Z');
    expect(giftPeriodEnd('monthly', claimed).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(giftPeriodEnd('annual', new Date('2028-02-29T08:00:00.000Z')).toISOString()).toBe(
      '2029-02-28T08:00:00.000Z',
    );
  });
});
