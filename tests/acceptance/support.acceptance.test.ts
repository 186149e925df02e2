import { describe, expect, it } from 'vitest';
import { expectStatus } from './support/api.js';
import type { Ticket } from './support/app.js';
import { eventually, toast, useBrowser } from './support/browser.js';
import { signUp } from './support/users.js';

const browsing = useBrowser();

describe('support', () => {
  it('the AI chat answers a question, with the category it understood', async () => {
    const { api } = await signUp('chat');
    const page = await browsing.open(api);

    await page.goto('/support');
    await page.getByRole('heading', { name: 'Asistente AI de Soporte', level: 1 }).waitFor();
    const messages = page.getByTestId('chat-message');
    // The greeting first.
    await eventually(() => messages.count()).toBe(1);

    const input = page.getByLabel('Tu mensaje');
    await input.fill('Pagué una herramienta y no veo el botón Usar en mi panel');
    await input.press('Enter');
    await eventually(() => messages.count()).toBe(3);
    expect(await messages.nth(1).innerText()).toContain('no veo el botón Usar');
    // Whatever answers (the model, or the built-in triage without a key), the reply has the
    // spec's shape: a category badge and text.
    const reply = messages.nth(2);
    await reply.getByTestId('chat-category').waitFor();
    expect((await reply.innerText()).length).toBeGreaterThan(20);
    expect(await toast(page).count()).toBe(0);
  });

  it('a ticket is created on the Support Center, followed on its page and answered by its author', async () => {
    const { api } = await signUp('ticket');
    const page = await browsing.open(api);
    const title = `No puedo abrir mi herramienta ${Date.now().toString(36)}`;

    await page.goto('/support/tickets');
    await page.getByRole('heading', { name: 'Centro de Soporte', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Crear Ticket de Soporte' }).click();
    await page.getByLabel('Título').fill(title);
    await page.getByLabel('Categoría').click();
    await page.getByRole('option', { name: 'Acceso a GPTs' }).click();
    await page.getByLabel('Prioridad').click();
    await page.getByRole('option', { name: 'Alta' }).click();
    await page
      .getByLabel('Descripción')
      .fill('El botón Usar no hace nada desde ayer por la tarde.');
    await page.getByRole('button', { name: 'Crear Ticket', exact: true }).click();
    await eventually(() => toast(page).innerText()).toContain('Ticket Creado');

    const item = page.getByTestId('ticket-item').filter({ hasText: title });
    await eventually(() => item.innerText()).toContain('abierto');
    expect(await item.innerText()).toContain('Alta');

    await item.getByRole('link', { name: title }).click();
    await page.waitForURL(/\/support\/tickets\/[^/]+$/);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const reply = 'Lo intenté también desde otro navegador y pasa lo mismo.';
    await page.getByLabel('Tu respuesta').fill(reply);
    await page.getByRole('button', { name: 'Enviar respuesta' }).click();
    await eventually(() => toast(page).innerText()).toContain('Respuesta enviada');
    await eventually(() => page.getByTestId('ticket-thread').innerText()).toContain(reply);

    // The API tells the same story.
    const id = page.url().split('/').at(-1)!;
    const ticket = expectStatus(
      await api.get<Ticket>(`/api/tickets/${id}`),
      200,
      'GET /api/tickets/:id',
    );
    expect(ticket).toMatchObject({ title, status: 'open' });
    expect(ticket.messages?.map((m) => [m.author, m.body])).toContainEqual(['customer', reply]);
    const list = expectStatus(await api.get<Ticket[]>('/api/tickets'), 200, 'GET /api/tickets');
    expect(list.map((t) => t.id)).toEqual([id]);
  });
});
