import { describe, expect, it } from 'vitest';
import { expectStatus } from './support/api.js';
import {
  cards,
  fillBillingDetails,
  fillCard,
  productOf,
  readDashboard,
  toolRow,
  useTool,
  type SentGifts,
} from './support/app.js';
import { eventually, toast, useBrowser } from './support/browser.js';
import { needsSandbox } from './support/context.js';
import { mailDir, mailedLink } from './support/mail.js';
import { newPerson, signUp, signUpAs, verifyEmail } from './support/users.js';

const browsing = useBrowser();
const TOOL = 'apocalipsis';
const CLAIM_PAGE = '/regalo';
/** Access mails a due gift on its next sweep (GIFT_SWEEP_MS: 10 s by default). */
const SENT_WITHIN_MS = 90_000;

describe('a gift', () => {
  it('a tool bought as a gift for a new address with a message: the recipient gets the mail, registers, claims it and opens it', async (ctx) => {
    needsSandbox(ctx);
    // The claim link travels only by mail (no development token): without the mailbox there
    // is nothing to open.
    if (!mailDir()) {
      console.log('SKIPPED: no ACCEPTANCE_MAIL_DIR: the gift link is only in the mail');
      return ctx.skip('no ACCEPTANCE_MAIL_DIR: the gift link is only in the mail');
    }
    const { person: buyer, api } = await signUp('gift-buyer');
    const verified = await verifyEmail(api, buyer.email);
    if (verified !== true) return ctx.skip(verified);
    const recipient = newPerson('gift-recipient');
    const message = `¡Gracias por tu servicio, pastor! ${Date.now().toString(36)}`;

    // The gift's page: who receives it and the buyer's words; then the checkout's payment form.
    const page = await browsing.open(api);
    await page.goto(`/regalar?producto=${TOOL}`);
    await page.getByLabel('Correo de quien lo recibe').fill(recipient.email);
    await page.getByLabel('Mensaje (opcional)').fill(message);
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    const pay = page.getByRole('button', { name: 'Pagar $9.99 USD' });
    await pay.waitFor();
    await fillBillingDetails(page);
    await fillCard(page, cards.pays);
    await pay.click();
    await eventually(() => toast(page).innerText()).toContain('Pago completado');

    // The buyer's list: the gift to that address, sent once the payment reached access and
    // access's sweep of due gifts ran (every GIFT_SWEEP_MS, 10 s by default).
    await expect
      .poll(
        async () => {
          const gifts = expectStatus(await api.get<SentGifts>('/api/gifts'), 200, 'GET /api/gifts');
          return gifts.sent.find((g) => g.recipientEmail === recipient.email)?.status;
        },
        { timeout: SENT_WITHIN_MS, interval: 500, message: 'the gift sent' },
      )
      .toBe('sent');
    // A gift is never the buyer's purchase.
    expect(productOf(await readDashboard(api), TOOL).purchased).toBe(false);

    // The recipient opens the mailed link before having an account: the page shows the gift,
    // who gave it and their message.
    const link = await mailedLink(recipient.email, CLAIM_PAGE, SENT_WITHIN_MS);
    const visitor = await browsing.open();
    await visitor.goto(link);
    const preview = visitor.getByTestId('gift-claim');
    await eventually(() => preview.innerText()).toContain(`${buyer.name} te hizo un regalo`);
    expect(await preview.getByTestId('gift-message').innerText()).toContain(message);
    expect(await preview.innerText()).toContain(`Inicia sesión con ${recipient.email}`);

    // Registered with that address and verified, the recipient claims it on the same page.
    const own = await signUpAs(recipient);
    const recipientVerified = await verifyEmail(own, recipient.email);
    if (recipientVerified !== true) return ctx.skip(recipientVerified);
    const claim = await browsing.open(own);
    await claim.goto(link);
    // Access learns of the verification from identity's event, a moment later: until then the
    // page says to confirm the address, and the button stays to try again.
    const redeem = claim.getByRole('button', { name: 'Canjear regalo' });
    await eventually(async () => {
      if ((await redeem.isVisible()) && (await redeem.isEnabled())) await redeem.click();
      return (await toast(claim).isVisible()) ? toast(claim).innerText() : '';
    }).toContain('¡Regalo canjeado!');
    await claim.waitForURL('/dashboard');

    // The tool is the recipient's for life, from a gift, and "Usar" reaches it.
    await eventually(() => toolRow(claim, TOOL).innerText()).toContain('Regalo');
    const { gptUrl } = await useTool(claim, TOOL);
    expect(gptUrl).toBeTruthy();
    expect(productOf(await readDashboard(own), TOOL)).toMatchObject({
      purchased: true,
      access: { source: 'gift', until: null },
    });

    // The buyer sees it claimed.
    await eventually(async () => {
      const gifts = expectStatus(await api.get<SentGifts>('/api/gifts'), 200, 'GET /api/gifts');
      return gifts.sent.find((g) => g.recipientEmail === recipient.email)?.status;
    }, "the gift claimed in the buyer's list").toBe('claimed');
  }, 240_000);
});
