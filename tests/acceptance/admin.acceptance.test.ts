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
  it('grant a customer a tool from the dashboard and answer their ticket in the staff console', async (ctx) => {
    needsAdmin(ctx);
    const customer = await signUp('customer');
    const title = `Pagué y no tengo acceso ${Date.now().toString(36)}`;
    const ticket = expectStatus(
      await customer.api.post<Ticket>('/api/tickets', {
        title,
        description: 'Pagué el diccionario y el panel no me deja usarlo.',
        categoryId: 'access',
        priority: 'high',
      }),
      201,
      'POST /api/tickets',
    );
    const toolName = productOf(await readDashboard(customer.api), TOOL).name;

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
    const row = page.getByTestId('staff-ticket').filter({ hasText: title });
    await row.getByRole('link', { name: title }).click();
    await page.waitForURL(`/support/staff/${ticket.id}`);
    await eventually(() => page.getByTestId('staff-customer').innerText()).toContain(
      customer.person.email,
    );
    const answer = 'Ya tienes acceso al diccionario: ábrelo desde tu panel con «Usar».';
    await page.getByLabel('Respuesta').fill(answer);
    await page.getByRole('button', { name: 'Enviar respuesta' }).click();
    await eventually(() => toast(page).innerText()).toContain('Respuesta enviada');
    await eventually(() => page.getByTestId('ticket-thread').innerText()).toContain(answer);

    // The customer reads the answer on their ticket.
    const followed = expectStatus(
      await customer.api.get<Ticket>(`/api/tickets/${ticket.id}`),
      200,
      'GET /api/tickets/:id',
    );
    expect(followed.messages?.map((m) => [m.author, m.body])).toContainEqual(['staff', answer]);
  });
});
