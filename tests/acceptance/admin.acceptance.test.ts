import { describe, expect, it } from 'vitest';
import { expectStatus } from './support/api.js';
import { productOf, readDashboard, type Ticket } from './support/app.js';
import { eventually, toast, useBrowser } from './support/browser.js';
import { needsAdmin } from './support/context.js';
import { adminCredentials } from './support/target.js';
import { signIn, signUp } from './support/users.js';

const browsing = useBrowser();
const TOOL = 'diccionario-biblico';

describe('the staff', () => {
  it('a customer chats about a declined card and has the chat open a ticket; an admin grants a tool and answers in the staff console; the customer reads the answer', async (ctx) => {
    needsAdmin(ctx);
    const customer = await signUp('customer');
    const toolName = productOf(await readDashboard(customer.api), TOOL).name;

    // The customer asks the support chat about a failed payment: a categorised answer with
    // next steps; asked for a person, the chat offers a ticket and opens it on a yes.
    const own = await browsing.open(customer.api);
    await own.goto('/support');
    await own.getByRole('heading', { name: 'Asistente AI de Soporte', level: 1 }).waitFor();
    const messages = own.getByTestId('chat-message');
    await eventually(() => messages.count()).toBe(1);
    const input = own.getByLabel('Tu mensaje');
    await input.fill('Mi pago con tarjeta fue rechazado al comprar el diccionario bíblico');
    await input.press('Enter');
    await eventually(() => messages.count()).toBe(3);
    expect(await messages.nth(2).getByTestId('chat-category').innerText()).toContain('Pagos');
    expect(await messages.nth(2).getByTestId('chat-next-steps').innerText()).toContain(
      'Próximos pasos:',
    );
    await input.fill('Quiero hablar con una persona, por favor abre un ticket');
    await input.press('Enter');
    const offer = own.getByTestId('chat-offer');
    await offer.getByRole('button', { name: 'Sí, abrir un ticket' }).click();
    const opened = own.getByTestId('chat-ticket');
    await opened.getByRole('link', { name: /^Ver el ticket #/ }).click();
    await own.waitForURL(/\/support\/tickets\/[^/]+$/);
    const ticketId = new URL(own.url()).pathname.split('/').at(-1)!;

    const admin = await signIn(adminCredentials()!);
    const page = await browsing.open(admin);

    // The admin panel on the dashboard: free access to one tool for a registered user.
    await page.goto('/dashboard');
    const panel = page.getByTestId('admin-panel');
    await panel.getByLabel('Correo del usuario').fill(customer.person.email);
    await panel.getByTestId('grant-product').click();
    await page.getByRole('option', { name: toolName, exact: true }).click();
    await panel.getByRole('button', { name: 'Conceder acceso' }).click();
    await eventually(() => toast(page).innerText()).toContain('Acceso concedido');
    await eventually(async () => productOf(await readDashboard(customer.api), TOOL)).toMatchObject({
      purchased: true,
      access: { source: 'admin' },
    });

    // The staff console: find the customer's ticket, see who wrote it, answer it.
    await page.goto('/support/staff');
    await page.getByRole('heading', { name: 'Consola de Soporte', level: 1 }).waitFor();
    await page.getByLabel('Buscar').fill(customer.person.email);
    await page.getByLabel('Buscar').press('Enter');
    await page.locator(`a[href="/support/staff/${ticketId}"]`).click();
    await page.waitForURL(`/support/staff/${ticketId}`);
    await eventually(() => page.getByTestId('staff-customer').innerText()).toContain(
      customer.person.email,
    );
    // The chat's transcript travelled with the ticket, as the recorded turns (author, text).
    const staffView = await page.locator('main').innerText();
    expect(staffView).toContain('Conversación con el asistente AI');
    expect(staffView).toMatch(/Cliente\s+.*\n+\s*Mi pago con tarjeta fue rechazado/);
    expect(staffView).toContain('Mi pago con tarjeta fue rechazado');
    const answer = 'Ya tienes acceso al diccionario: ábrelo desde tu panel con «Usar».';
    await page.getByLabel('Respuesta').fill(answer);
    await page.getByRole('button', { name: 'Enviar respuesta' }).click();
    await eventually(() => toast(page).innerText()).toContain('Respuesta enviada');
    await eventually(() => page.getByTestId('ticket-thread').innerText()).toContain(answer);

    // The customer reads the answer on their ticket's page.
    await own.reload();
    await eventually(() => own.getByTestId('ticket-thread').innerText()).toContain(answer);
    const followed = expectStatus(
      await customer.api.get<Ticket>(`/api/tickets/${ticketId}`),
      200,
      'GET /api/tickets/:id',
    );
    expect(followed.messages?.map((m) => [m.author, m.body])).toContainEqual(['staff', answer]);
  });
});
