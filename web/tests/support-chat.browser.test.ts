import type { User } from '@mia/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { screenshot, viewports } from './support/browser';
import {
  addUser,
  openAs,
  poll,
  startSupportApp,
  visibleText,
  visitPage,
  type SupportApp,
} from './support/support-app';

// The AI support chat (/support) against the fake support API.

let app: SupportApp;
let context: BrowserContext | undefined;
let page: Page;

beforeAll(async () => {
  app = await startSupportApp();
});
afterAll(() => app?.close());
beforeEach(() => {
  app.identity.reset();
  app.support.reset();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  app.support.assertContractsKept();
  app.identity.assertContractsKept();
});

async function openChat(user: User, options?: Parameters<typeof openAs>[2]) {
  ({ context, page } = await openAs(app, user, options));
  await visitPage(page, `${app.server.url}/support`);
  await input().waitFor();
}

const input = () => page.getByTestId('chat-input');
const messages = () => page.getByTestId('chat-message');
const sendButton = () => page.getByRole('button', { name: /^(Enviar|Send)$/ });
const toast = () => page.getByTestId('toast');
const chatCalls = () => app.support.calls.filter((c) => c.startsWith('POST /api/support/chat?'));
const ticketCalls = () =>
  app.support.calls.filter((c) => c.startsWith('POST /api/support/chat/ticket'));

describe('the support chat', () => {
  it('greets, sends a trimmed question, waits, and shows the answer with its badges and steps', async () => {
    await openChat(addUser(app, 'Ana'));
    await page.getByRole('heading', { name: 'Asistente AI de Soporte', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Volver al Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    const card = await page.getByTestId('chat-card').boundingBox();
    expect(card?.height).toBe(600);
    expect(await messages().count()).toBe(1);
    expect(await messages().first().innerText()).toContain(
      'Soy el asistente de soporte de los GPTs especializados',
    );
    expect(await input().getAttribute('placeholder')).toBe(
      'Escribe tu pregunta o describe tu problema...',
    );
    await page
      .getByText('Presiona Enter para enviar y Shift+Enter para añadir una nueva línea.')
      .waitFor();
    for (const title of [
      'Preguntas Frecuentes',
      'Respuestas Instantáneas',
      'Soporte Especializado',
    ]) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    expect(await seriousViolations(page)).toEqual([]);

    // Blank and whitespace-only text cannot be sent, by button or by Enter.
    expect(await sendButton().isDisabled()).toBe(true);
    await input().fill('   ');
    expect(await sendButton().isDisabled()).toBe(true);
    await input().press('Enter');
    expect(chatCalls()).toEqual([]);

    await input().fill('   Mi pago fue rechazado y no tengo acceso   ');
    const release = app.support.hold('chat');
    await input().press('Enter');
    await page.getByText('Analizando tu consulta...').waitFor();
    expect(await sendButton().isDisabled()).toBe(true);
    expect(await input().inputValue()).toBe('');
    expect(await messages().nth(1).getAttribute('data-type')).toBe('user');
    expect(await messages().nth(1).innerText()).toContain(
      'Mi pago fue rechazado y no tengo acceso',
    );
    // While the answer is pending a second question waits: nothing more is sent.
    await input().fill('¿Sigues ahí?');
    await input().press('Enter');
    expect(chatCalls()).toHaveLength(1);
    release();

    await poll(() => messages().count()).toBe(3);
    const reply = messages().nth(2);
    expect(await reply.getAttribute('data-type')).toBe('assistant');
    expect(await reply.innerText()).toContain('Veo un pago fallido en tu cuenta');
    expect(await visibleText(reply.getByTestId('chat-severity'))).toBe('Gravedad: Alta');
    expect(await visibleText(reply.getByTestId('chat-category'))).toBe('Pagos');
    expect(await reply.getByTestId('chat-next-steps').locator('p').innerText()).toBe(
      'Próximos pasos:',
    );
    expect(await reply.locator('ol li').allInnerTexts()).toEqual([
      'Revisa los datos de tu tarjeta',
      'Vuelve a intentar el pago desde el Dashboard',
    ]);
    expect(await reply.locator('ol').evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe(
      'decimal',
    );
    expect(await messages().locator('time').count()).toBe(3);
    expect(await page.getByText('Analizando tu consulta...').count()).toBe(0);
    // The question typed while waiting is still there, and goes in the same conversation.
    expect(await input().inputValue()).toBe('¿Sigues ahí?');
    await input().press('Enter');
    await poll(() => messages().count()).toBe(5);
    const [first, second] = app.support.conversations.keys();
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'support-chat-es-1280');
  });

  it('adds a line on Shift+Enter, grows up to 120 px, and sends the lines on Enter', async () => {
    await openChat(addUser(app, 'Luis'));
    const before = (await input().boundingBox())!.height;
    await input().pressSequentially('línea uno');
    await input().press('Shift+Enter');
    await input().pressSequentially('línea dos');
    expect(await input().inputValue()).toBe('línea uno\nlínea dos');
    expect(chatCalls()).toEqual([]);
    const twoLines = (await input().boundingBox())!.height;
    expect(twoLines).toBeGreaterThan(before);
    for (let line = 3; line <= 10; line += 1) {
      await input().press('Shift+Enter');
      await input().pressSequentially(`línea ${line}`);
    }
    expect((await input().boundingBox())!.height).toBeLessThanOrEqual(120);
    await input().press('Enter');
    await poll(() => messages().count()).toBe(3);
    expect(await messages().nth(1).innerText()).toContain('línea uno\nlínea dos');
    // The box shrinks back once emptied.
    expect((await input().boundingBox())!.height).toBe(before);
  });

  it('asks before opening a ticket, and opens it only after a yes', async () => {
    const user = addUser(app, 'Marta');
    await openChat(user);
    await input().fill('No puedo pagar con mi tarjeta');
    await input().press('Enter');
    const offer = page.getByTestId('chat-offer');
    await offer.waitFor();
    expect(await offer.innerText()).toContain('¿Quieres que abra un ticket con esta conversación?');
    expect(ticketCalls()).toEqual([]);
    await offer.getByRole('button', { name: 'No, gracias' }).click();
    await page.getByText('De acuerdo, no abriré ningún ticket.').waitFor();
    expect(ticketCalls()).toEqual([]);
    expect(app.support.tickets).toHaveLength(0);

    await input().fill('Sigue fallando el pago');
    await input().press('Enter');
    await poll(() => offer.count()).toBe(1);
    await offer.getByRole('button', { name: 'Sí, abrir un ticket' }).click();
    const opened = page.getByTestId('chat-ticket');
    await opened.waitFor();
    expect(ticketCalls()).toHaveLength(1);
    expect(await opened.innerText()).toContain('He abierto el ticket #1001');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'support-chat-ticket-es-1280');

    await opened.getByRole('link', { name: 'Ver el ticket #1001' }).click();
    const [ticket] = app.support.tickets;
    await page.waitForURL(`${app.server.url}/support/tickets/${ticket!.id}`);
    // The ticket carries the conversation turn by turn, as support recorded it.
    const transcript = page.getByTestId('chat-transcript');
    await transcript.waitFor();
    const turns = transcript.getByTestId('transcript-turn');
    expect(await turns.evaluateAll((items) => items.map((i) => i.dataset.author))).toEqual([
      'customer',
      'assistant',
      'customer',
      'assistant',
    ]);
    expect(await turns.first().innerText()).toContain('Tú');
    expect(await turns.first().innerText()).toContain('No puedo pagar con mi tarjeta');
    // The ticket centre lists the ticket the chat opened.
    await page.getByRole('link', { name: 'Volver al Centro de Soporte' }).click();
    await poll(() => page.getByTestId('ticket-item').count()).toBe(1);
  });

  it("shows the server's message, a quota refusal, and the fixed text when there is none", async () => {
    await openChat(addUser(app, 'Eva'));
    app.support.chatScript.push({
      status: 503,
      body: { message: 'El asistente no está disponible' },
    });
    await input().fill('Hola');
    await input().press('Enter');
    await poll(() => toast().innerText()).toContain('El asistente no está disponible');
    expect(await toast().innerText()).toContain('Error');
    expect(await toast().getAttribute('class')).toContain('bg-red-700');
    // The question is kept for another try.
    expect(await input().inputValue()).toBe('Hola');

    app.support.chatQuota = 1;
    await input().press('Enter');
    await poll(() => toast().innerText()).toContain(
      'Has enviado demasiados mensajes. Inténtalo de nuevo en una hora.',
    );

    await page.route('**/api/support/chat?*', (route) => route.abort());
    await input().press('Enter');
    await poll(() => toast().innerText()).toContain(
      'Error al procesar tu mensaje. Intenta nuevamente.',
    );
  });

  it('fills the box with a common question', async () => {
    await openChat(addUser(app, 'Sam'), { locale: 'en' });
    await page.getByRole('button', { name: 'Ask: How do I use my MIA code?' }).click();
    expect(await input().inputValue()).toBe('How do I use my MIA code?');
    expect(await input().evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('is finished on a phone, in English', async () => {
    await openChat(addUser(app, 'Sam'), { locale: 'en', viewport: viewports.mobile });
    await input().fill('I cannot access my tool');
    await sendButton().click();
    await poll(() => messages().count()).toBe(3);
    expect(await visibleText(messages().nth(2).getByTestId('chat-category'))).toBe('Access');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    expect(overflow).toBe(false);
    expect((await page.getByTestId('chat-card').boundingBox())?.height).toBe(600);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'support-chat-en-375');
  });
});
