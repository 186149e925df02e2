import { describe, expect, it } from 'vitest';
import { eventually, toast, useBrowser } from './support/browser.js';
import { client } from './support/context.js';
import { newPerson, signIn, signUp } from './support/users.js';

const browsing = useBrowser();

describe('signing up and signing in', () => {
  it('registers on /auth, signs out, is refused a wrong password and signs back in', async () => {
    const person = newPerson('auth');
    const page = await browsing.open();

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Regístrate' }).click();
    await page.getByLabel('Nombre', { exact: true }).fill(person.name);
    await page.getByLabel('Nombre de usuario').fill(person.username);
    await page.getByLabel('Correo electrónico').fill(person.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(person.password);
    await page.getByLabel('Confirmar contraseña').fill(person.password);
    await page.getByRole('checkbox').click();
    await page.getByRole('button', { name: 'Crear Cuenta' }).click();
    await page.waitForURL('/dashboard');
    await eventually(() => page.getByTestId('welcome').innerText()).toBe(
      `Bienvenido, ${person.name}`,
    );

    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL('/');
    await page.goto('/dashboard');
    // Signed out, a private page sends the visitor to sign in.
    await page.waitForURL('/auth');

    const signInOnPage = async (password: string) => {
      await page.getByLabel('Correo electrónico').fill(person.email);
      await page.getByLabel('Contraseña', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
    };
    await signInOnPage(`${person.password}-wrong`);
    await eventually(() => toast(page).innerText()).toContain('Error al iniciar sesión');
    expect(page.url()).toMatch(/\/auth$/);

    await signInOnPage(person.password);
    await page.waitForURL('/dashboard');
    await eventually(() => page.getByTestId('welcome').innerText()).toBe(
      `Bienvenido, ${person.name}`,
    );

    // The same account through the API, as any client signs in; no session, no user.
    expect((await client().get('/api/user')).status).toBe(401);
    const api = await signIn(person);
    const user = await api.get<{ email: string; name: string; role: string }>('/api/user');
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ email: person.email, name: person.name, role: 'user' });
  });

  it("changes the password from the dashboard's settings: the new one signs in, the old one no longer", async () => {
    const { person, api: session } = await signUp('password');
    const page = await browsing.open(session);
    await page.goto('/dashboard');

    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const dialog = page.getByRole('dialog');
    const changed = `${person.password}-nueva`;
    await dialog.getByLabel('Contraseña actual').fill(person.password);
    await dialog.getByLabel('Nueva contraseña', { exact: true }).fill(changed);
    await dialog.getByLabel('Confirmar nueva contraseña').fill(changed);
    await dialog.getByRole('button', { name: 'Guardar contraseña' }).click();
    await eventually(() => toast(page).innerText()).toContain('Contraseña actualizada');

    const refused = await client().post('/api/login', {
      username: person.email,
      password: person.password,
    });
    expect(refused.status).toBe(401);
    const api = await signIn({ ...person, password: changed });
    expect((await api.get('/api/user')).status).toBe(200);
  });
});
