import { describe, expect, it } from 'vitest';
import { expectStatus } from './support/api.js';
import { productOf, readDashboard, toolRow, usesOf } from './support/app.js';
import { eventually, toast, useBrowser } from './support/browser.js';
import { client } from './support/context.js';
import { signUp, verifyEmail } from './support/users.js';

const browsing = useBrowser();
const TOOL = 'generador-sermones';

describe('the free trial and the access check', () => {
  it('starts the trial once (a second is refused): its tools open and count, and /verify confirms the access', async (ctx) => {
    const { person, api } = await signUp('trial');
    const check = { email: person.email, productId: TOOL };

    // A trial needs a verified address: refused (403) until the person opens the link.
    const unverified = await api.post<{ code?: string }>('/api/trial/start');
    expect([unverified.status, unverified.body?.code]).toEqual([403, 'email_not_verified']);
    const verified = await verifyEmail(api, person.email);
    if (verified !== true) return ctx.skip(verified);

    // Before the trial: a definite no, since the session proves who asks.
    const before = await api.post<{ code?: string }>('/api/verify-gpt-access', check);
    expect([before.status, before.body?.code]).toEqual([403, 'no_access']);

    const page = await browsing.open(api);
    await page.goto('/start-trial');
    // Billing learns of the verification from identity's event, a moment later: until then the
    // page offers to try again.
    const retry = page.getByRole('button', { name: 'Ya lo confirmé: activar la prueba' });
    await eventually(async () => {
      if (await retry.isVisible()) await retry.click();
      return toast(page).innerText();
    }).toContain('¡Prueba gratuita activada!');
    expect(await toast(page).innerText()).toContain('Tienes acceso a todos los GPTs hasta');
    await page.waitForURL('/dashboard');
    await eventually(() => toolRow(page, TOOL).innerText()).toContain('Prueba gratuita');
    const dashboard = await readDashboard(api);
    expect(dashboard.availableProducts.filter((p) => !p.purchased)).toEqual([]);
    expect(productOf(dashboard, TOOL).access?.source).toBe('trial');
    // Opening a tool counts the use, payments or not (the browser's "Usar": purchase journey).
    const opened = await api.post<{ totalUsage: number }>('/api/access-gpt', { productId: TOOL });
    expect([opened.status, opened.body?.totalUsage]).toEqual([200, 1]);
    expect(usesOf(await readDashboard(api), TOOL)).toBe(1);

    // /verify, signed in: the page's own answer.
    await page.goto('/verify');
    const email = page.getByLabel('Correo electrónico');
    if ((await email.inputValue()) === '') await email.fill(person.email);
    await page.getByLabel('GPT', { exact: true }).click();
    await page.getByRole('option', { name: productOf(dashboard, TOOL).name, exact: true }).click();
    await page.getByRole('button', { name: 'Verificar Acceso' }).click();
    await page.getByText('¡Acceso verificado! Puedes usar este GPT.').waitFor();

    // Without a session the check needs the user's access code, and then says yes.
    const anonymous = client();
    const unproven = await anonymous.post<{ code?: string }>('/api/verify-gpt-access', check);
    expect([unproven.status, unproven.body?.code]).toEqual([403, 'proof_required']);
    const { accessCode } = expectStatus(
      await api.get<{ accessCode: string }>('/api/access-code'),
      200,
      'GET /api/access-code',
    );
    expect((await anonymous.post('/api/verify-gpt-access', { ...check, accessCode })).status).toBe(
      200,
    );

    // Once per account: the page says why and goes home.
    await page.goto('/start-trial');
    await eventually(() => toast(page).innerText()).toContain('Error al iniciar prueba');
    await page.waitForURL('/');
    expect((await api.post('/api/trial/start')).status).toBe(409);
  });
});
