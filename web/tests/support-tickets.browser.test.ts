import type { User } from '@mia/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { screenshot, viewports } from './support/browser';
import {
  addUser,
  allVisibleTexts,
  openAs,
  poll,
  startSupportApp,
  visibleText,
  visitPage,
  type SupportApp,
} from './support/support-app';

// The Support Center (/support/tickets) and a ticket's page against the fake support API.

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

async function open(path: string, user: User, options?: Parameters<typeof openAs>[2]) {
  ({ context, page } = await openAs(app, user, options));
  await visitPage(page, `${app.server.url}${path}`);
}

const toast = () => page.getByTestId('toast');
const items = () => page.getByTestId('ticket-item');
const ticketCalls = () => app.support.calls.filter((call) => call === 'GET /api/tickets').length;

describe('the Support Center', () => {
  it('creates a ticket: the rules, "Creating...", the toast, and the list loaded again', async () => {
    const user = addUser(app, 'Ana Pastora');
    await open('/support/tickets', user, { locale: 'en' });
    await page.getByRole('heading', { name: 'Support Center', level: 1 }).waitFor();
    await page
      .getByText('Need help? Create a support ticket and our team will assist you.')
      .waitFor();
    await page.getByRole('heading', { name: 'Create New Ticket' }).waitFor();
    await page.getByRole('heading', { name: 'Your Support Tickets' }).waitFor();
    await page.getByText('No support tickets yet.', { exact: true }).waitFor();
    await page.getByText('Create your first ticket to get help from our support team.').waitFor();
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(ticketCalls()).toBe(1);

    await page.getByRole('button', { name: 'Create Support Ticket' }).click();
    // Spec section 4: a new ticket is medium unless the user says otherwise.
    expect(await page.getByLabel('Priority').innerText()).toBe('Medium');
    expect(await page.getByLabel('Category').innerText()).toBe('Select a category');
    await page.getByRole('button', { name: 'Create Ticket', exact: true }).click();
    for (const message of [
      'Title is required',
      'Description must be at least 10 characters',
      'Category is required',
    ]) {
      await poll(() => page.getByText(message, { exact: true }).count(), message).toBe(1);
    }
    await page.getByLabel('Title').fill('x'.repeat(201));
    await page.getByRole('button', { name: 'Create Ticket', exact: true }).click();
    await page.getByText('Title must be less than 200 characters', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'support-tickets-errors-en-1280');

    await page.getByLabel('Title').fill('  Cannot open my sermon tool  ');
    await page.getByLabel('Category').click();
    await page.getByRole('option', { name: 'GPT access' }).click();
    await page.getByLabel('Priority').click();
    await page.getByRole('option', { name: 'High' }).click();
    await page.getByLabel('Description').fill('The Use button does nothing since yesterday.');
    const release = app.support.hold('create');
    await page.getByRole('button', { name: 'Create Ticket', exact: true }).click();
    const sending = page.getByRole('button', { name: 'Creating...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();

    await poll(() => toast().innerText()).toContain('Ticket Created');
    expect(await toast().innerText()).toContain(
      'Your support ticket has been created successfully.',
    );
    // The form is reset and closed, and the list asked for again.
    await page.getByRole('button', { name: 'Create Support Ticket' }).waitFor();
    expect(await page.getByTestId('create-ticket-form').count()).toBe(0);
    await poll(ticketCalls).toBe(2);
    await poll(() => items().count()).toBe(1);
    const item = await items().first().innerText();
    expect(item).toContain('#1001');
    expect(item).toContain('open');
    expect(item).toContain('High');
    expect(item).toContain('Cannot open my sermon tool');
    expect(item).toContain('The Use button does nothing since yesterday.');
    expect(item).toMatch(/Created [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    const [stored] = app.support.tickets;
    expect(stored).toMatchObject({
      title: 'Cannot open my sermon tool',
      categoryId: 'access',
      priority: 'high',
    });

    await page.getByRole('button', { name: 'Create Support Ticket' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe('');
    expect(await page.getByLabel('Priority').innerText()).toBe('Medium');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('create-ticket-form').count()).toBe(0);
    await screenshot(page, 'support-tickets-list-en-1280');
  });

  it('says when the ticket could not be created, keeping what was typed', async () => {
    const user = addUser(app, 'Luis');
    app.support.failCreate = true;
    await open('/support/tickets', user, { locale: 'en' });
    await page.getByRole('button', { name: 'Create Support Ticket' }).click();
    await page.getByLabel('Title').fill('Refund');
    await page.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Payments and billing' }).click();
    await page.getByLabel('Description').fill('Please refund my last payment.');
    await page.getByRole('button', { name: 'Create Ticket', exact: true }).click();
    await poll(() => toast().innerText()).toContain('Error');
    expect(await toast().innerText()).toContain('Failed to create ticket. Please try again.');
    expect(await toast().getAttribute('class')).toContain('bg-red-700');
    expect(await page.getByLabel('Title').inputValue()).toBe('Refund');
  });

  it('shows status badges with spaces, two-line descriptions and a status filter (es, 375)', async () => {
    const user = addUser(app, 'Marta');
    const other = addUser(app, 'Pedro');
    app.support.addTicket(other, { title: 'De otra persona' });
    app.support.addTicket(user, {
      title: 'Pago duplicado',
      status: 'in_progress',
      priority: 'critical',
      categoryId: 'payment',
      description: 'Me cobraron dos veces la misma herramienta. '.repeat(12),
    });
    app.support.addTicket(user, { title: 'Ya funciona', status: 'resolved', priority: 'low' });
    await open('/support/tickets', user, { viewport: viewports.mobile });
    await page.getByRole('heading', { name: 'Centro de Soporte', level: 1 }).waitFor();
    await poll(() => items().count()).toBe(2);
    expect(await page.getByText('De otra persona').count()).toBe(0);
    const badges = await allVisibleTexts(page.getByTestId('ticket-status'));
    expect(badges).toEqual(['resuelto', 'en progreso']);
    const clamp = await items()
      .filter({ hasText: 'Pago duplicado' })
      .locator('p.line-clamp-2')
      .evaluate((p) => ({ lines: getComputedStyle(p).webkitLineClamp, height: p.clientHeight }));
    expect(clamp.lines).toBe('2');
    expect(clamp.height).toBeLessThan(50);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'support-tickets-list-es-375');

    await page.getByLabel('Filtrar por estado').click();
    await page.getByRole('option', { name: 'resuelto' }).click();
    await poll(() => items().count()).toBe(1);
    expect(await items().first().innerText()).toContain('Ya funciona');
    await page.getByLabel('Filtrar por estado').click();
    await page.getByRole('option', { name: 'cerrado' }).click();
    await page.getByText('Ningún ticket tiene este estado.').waitFor();
  });

  it('reads the status in English with the underscore as a space', async () => {
    const user = addUser(app, 'Sam');
    app.support.addTicket(user, { title: 'Waiting', status: 'on_hold' });
    await open('/support/tickets', user, { locale: 'en' });
    await poll(() => visibleText(page.getByTestId('ticket-status'))).toBe('on hold');
  });

  it('says when the tickets could not be loaded', async () => {
    const user = addUser(app, 'Eva');
    app.support.failTickets = true;
    await open('/support/tickets', user, { locale: 'en' });
    await page.getByText('Failed to fetch tickets', { exact: true }).waitFor();
    app.support.failTickets = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No support tickets yet.').waitFor();
  });
});

describe('a ticket page', () => {
  it('shows the public thread and takes a reply', async () => {
    const user = addUser(app, 'Ana Pastora');
    const ticket = app.support.addTicket(user, {
      title: 'No veo el botón Usar GPT',
      description: 'Compré el Generador de Sermones y no aparece el botón.',
      status: 'resolved',
      messages: [
        app.support.message('customer', 'Sigue sin aparecer.', { authorName: 'Ana Pastora' }),
        app.support.message('staff', 'Ya activamos tu acceso. ¿Puedes probar de nuevo?', {
          authorName: 'Soporte',
        }),
        app.support.message('staff', 'Acceso concedido a mano', { internal: true }),
      ],
    });
    await open('/support/tickets', user);
    await items().getByRole('link', { name: 'No veo el botón Usar GPT' }).click();
    await page.waitForURL(`${app.server.url}/support/tickets/${ticket.id}`);
    await page.getByRole('heading', { name: 'No veo el botón Usar GPT', level: 1 }).waitFor();
    await poll(() => page.getByTestId('thread-message').count()).toBe(2);
    const thread = await page.getByTestId('ticket-thread').innerText();
    expect(thread).toContain('Tú');
    expect(thread).toContain('Soporte');
    expect(thread).toContain('Ya activamos tu acceso.');
    expect(thread).not.toContain('Acceso concedido a mano');
    await page
      .getByText('Este ticket está resuelto. Si respondes, lo volveremos a abrir.')
      .waitFor();
    expect(await page.title()).toContain('Ticket n.º 1001');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe(
      'noindex, nofollow',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'support-ticket-es-1280');

    await page.getByRole('button', { name: 'Enviar respuesta' }).click();
    await page.getByText('Escribe un mensaje', { exact: true }).waitFor();
    await page.getByLabel('Tu respuesta').fill('Ahora sí funciona, ¡gracias!');
    await page.getByRole('button', { name: 'Enviar respuesta' }).click();
    await poll(() => toast().innerText()).toContain('Respuesta enviada');
    await poll(() => page.getByTestId('thread-message').count()).toBe(3);
    expect(await page.getByTestId('thread-message').last().innerText()).toContain(
      'Ahora sí funciona, ¡gracias!',
    );
    // The customer's reply reopened the resolved ticket.
    await poll(() => visibleText(page.getByTestId('ticket-status'))).toBe('abierto');
    expect(await page.getByLabel('Tu respuesta').inputValue()).toBe('');
  });

  it('is finished on a phone too', async () => {
    const user = addUser(app, 'Ana');
    const ticket = app.support.addTicket(user, {
      title: 'Un título bastante largo para ver cómo se parte en un teléfono pequeño',
      messages: [app.support.message('ai', 'Ana: No puedo pagar\nAI: Veo un pago fallido.')],
    });
    await open(`/support/tickets/${ticket.id}`, user, { locale: 'en', viewport: viewports.mobile });
    await page.getByTestId('ticket-thread').waitFor();
    expect(await page.getByTestId('ticket-thread').innerText()).toContain('AI Assistant');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    expect(overflow).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'support-ticket-en-375');
  });

  it("does not show someone else's ticket", async () => {
    const owner = addUser(app, 'Owner');
    const ticket = app.support.addTicket(owner, { title: 'Private' });
    await open(`/support/tickets/${ticket.id}`, addUser(app, 'Curious'), { locale: 'en' });
    await page.getByText("We couldn't find this ticket.").waitFor();
    expect(await page.getByText('Private').count()).toBe(0);
  });
});
