import { planFor } from '@mia/catalog';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { screenshot, viewports } from './support/browser';
import {
  addPerson,
  ana,
  eventually,
  openPage,
  sidewaysOverflow,
  startCommerceHarness,
  stopCommerceHarness,
  type CommerceHarness,
  type Person,
} from './support/commerce-harness';

// Churches' team plans (issue 25) against the stand-ins (support/fake-churches.ts): the purchase
// page, the owner's "Mi iglesia", and the invitation's page, at 1280 and 375 px with axe.

let harness: CommerceHarness;
let context: BrowserContext;
let page: Page;

const luis: Person = { name: 'Luis Diácono', email: 'luis@example.org', password: 'clave123' };
const marta: Person = { name: 'Marta Líder', email: 'marta@example.org', password: 'clave123' };

beforeAll(async () => {
  harness = await startCommerceHarness();
});
afterAll(() => stopCommerceHarness(harness));

beforeEach(() => {
  harness.identity.reset();
  harness.commerce.reset();
  harness.churches.reset();
  addPerson(harness, ana);
  addPerson(harness, luis);
  addPerson(harness, marta);
});
afterEach(async () => {
  await context?.close();
  harness.identity.assertContractsKept();
  harness.commerce.assertContractsKept();
});

const url = (path: string) => `${harness.server.url}${path}`;
const toast = () => page.getByTestId('toast');
const monthly = planFor('monthly').priceCents;
const usd = (cents: number) => `$${(cents / 100).toFixed(2)} USD`;

async function open(path: string, options: Parameters<typeof openPage>[1] = { person: ana }) {
  ({ context, page } = await openPage(harness, options));
  await page.goto(url(path));
}

describe('the team plan purchase page', () => {
  for (const [width, viewport] of [
    ['1280', viewports.desktop],
    ['375', viewports.mobile],
  ] as const) {
    it(`totals seats × the plan price and pays it like a plan (${width} px)`, async () => {
      await open('/equipos/nuevo', { person: ana, viewport });
      await page.getByRole('heading', { name: 'Plan para tu iglesia', level: 1 }).waitFor();
      const total = page.getByTestId('team-total');
      await eventually(() => total.innerText()).toContain(usd(monthly * 5));

      await page.getByLabel('Nombre de la iglesia').fill('Iglesia Bautista Central');
      await page.getByLabel('Asientos').fill('12');
      await eventually(() => total.innerText()).toContain(`12 asientos × ${usd(monthly)}`);
      expect(await total.innerText()).toContain(usd(monthly * 12));
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await screenshot(page, `churches-team-new-es-${width}`);

      // Out of bounds: said, and nothing is prepared.
      await page.getByLabel('Asientos').fill('201');
      await page.getByRole('button', { name: 'Continuar al pago' }).click();
      await page.getByText('Elige entre 2 y 200 asientos.').waitFor();
      expect(harness.churches.teams.size).toBe(0);

      await page.getByLabel('Asientos').fill('12');
      await page.getByRole('button', { name: 'Continuar al pago' }).click();
      await page.getByRole('button', { name: `Pagar ${usd(monthly * 12)}` }).waitFor();
      expect(await page.getByTestId('team-summary').innerText()).toContain(
        'Plan de equipo · Iglesia Bautista Central',
      );

      await page.getByLabel('Nombre', { exact: true }).fill('Ana');
      await page.getByLabel('Apellido', { exact: true }).fill('Ruiz');
      await page.getByLabel('Dirección').fill('Calle Sol 1');
      await page.getByLabel('Ciudad').fill('San Juan');
      await page.getByLabel('Código postal').fill('00901');
      await page.getByRole('button', { name: 'Usar la tarjeta 4242 4242 4242 4242' }).click();
      await page.getByLabel(/^Vencimiento/).fill('1234');
      await page.getByLabel(/CVC/).fill('123');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await page.getByRole('button', { name: `Pagar ${usd(monthly * 12)}` }).click();

      await eventually(() => toast().innerText()).toContain('Pago completado');
      await page.waitForURL(url('/dashboard'));
      const [team] = [...harness.churches.teams.values()];
      expect(team).toMatchObject({ name: 'Iglesia Bautista Central', seats: 12, paid: true });
      // The church's section now shows the new team to its owner.
      await eventually(() => page.getByTestId('my-church').innerText()).toContain(
        '0 de 12 asientos ocupados',
      );
    });
  }

  it('is in English too, annual', async () => {
    await open('/equipos/nuevo', { person: ana, locale: 'en' });
    await page.getByRole('heading', { name: 'A plan for your church', level: 1 }).waitFor();
    await page.getByLabel(/^Annual/).check();
    await page.getByLabel('Seats').fill('3');
    await eventually(() => page.getByTestId('team-total').innerText()).toContain(
      usd(planFor('annual').priceCents * 3),
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('Mi iglesia, for the owner', () => {
  for (const [width, viewport] of [
    ['1280', viewports.desktop],
    ['375', viewports.mobile],
  ] as const) {
    it(`shows seats, members and invitations, and invites (${width} px)`, async () => {
      harness.churches.giveTeam(ana.email, {
        seats: 3,
        members: [luis.email],
        invitations: ['jose@example.org'],
      });
      await open('/dashboard', { person: ana, viewport });
      const church = page.getByTestId('my-church');
      await eventually(() => church.innerText()).toContain('2 de 3 asientos ocupados');
      const text = await church.innerText();
      expect(text).toContain('Iglesia Bautista Central');
      expect(text).toContain(luis.name);
      expect(text).toContain('jose@example.org');

      await church.getByPlaceholder('Correo electrónico').fill('marta@example.org');
      await church.getByRole('button', { name: 'Enviar invitación' }).click();
      await eventually(() => toast().innerText()).toContain(
        'Invitación enviada a marta@example.org',
      );
      await eventually(() => church.innerText()).toContain('3 de 3 asientos ocupados');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await screenshot(page, `churches-my-church-es-${width}`);

      // Every seat taken or invited: the 409 is said beside the field.
      await church.getByPlaceholder('Correo electrónico').fill('pedro@example.org');
      await church.getByRole('button', { name: 'Enviar invitación' }).click();
      await church
        .getByText(
          'Todos los asientos están ocupados o invitados. Agrega asientos o retira una invitación.',
        )
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  it('says so when the address is already a member, and refuses fewer seats than taken', async () => {
    harness.churches.giveTeam(ana.email, { seats: 4, members: [luis.email] });
    await open('/dashboard');
    const church = page.getByTestId('my-church');
    await eventually(() => church.innerText()).toContain('1 de 4 asientos ocupados');
    await church.getByPlaceholder('Correo electrónico').fill(luis.email);
    await church.getByRole('button', { name: 'Enviar invitación' }).click();
    await church.getByText('Esa persona ya es miembro del equipo.').waitFor();

    const seats = church.getByTestId('seats-form').getByRole('spinbutton');
    await seats.fill('2');
    await church.getByRole('button', { name: 'Guardar' }).click();
    await eventually(() => toast().innerText()).toContain('Ahora tienes 2 asientos');
    await eventually(() => church.innerText()).toContain('1 de 2 asientos ocupados');
  });

  it('withdraws and resends invitations, and removes a member after asking', async () => {
    const team = harness.churches.giveTeam(ana.email, {
      seats: 3,
      members: [luis.email],
      invitations: ['jose@example.org'],
    });
    const first = harness.churches.invitationToken(team, 'jose@example.org');
    await open('/dashboard');
    const church = page.getByTestId('my-church');
    await eventually(() => church.innerText()).toContain('2 de 3 asientos ocupados');

    await church.getByRole('button', { name: 'Reenviar la invitación a jose@example.org' }).click();
    await eventually(() => toast().innerText()).toContain('Enviamos un enlace nuevo');
    expect(harness.churches.invitationToken(team, 'jose@example.org')).not.toBe(first);

    await church.getByRole('button', { name: 'Retirar la invitación a jose@example.org' }).click();
    await eventually(() => church.innerText()).toContain('1 de 3 asientos ocupados');

    await church.getByRole('button', { name: `Quitar a ${luis.name} del equipo` }).click();
    await church.getByText(`¿Quitar a ${luis.name}?`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await church.getByRole('button', { name: 'Sí, quitar' }).click();
    await eventually(() => church.innerText()).toContain('0 de 3 asientos ocupados');
    expect(harness.commerce.usable(luis.email, 'apocalipsis')).toBeUndefined();
  });

  it('cancels the plan at the end of the period', async () => {
    harness.churches.giveTeam(ana.email);
    await open('/dashboard');
    const church = page.getByTestId('my-church');
    await church.getByRole('button', { name: 'Cancelar al final del periodo' }).click();
    await church.getByRole('button', { name: 'Sí, cancelar' }).click();
    await eventually(() => church.innerText()).toContain('Se cancelará el');
  });
});

describe('Mi iglesia, for a member', () => {
  it('shows the team, the tools "Incluido en el plan de…", and leaves it', async () => {
    harness.churches.giveTeam(ana.email, { members: [luis.email] });
    await open('/dashboard', { person: luis });
    const church = page.getByTestId('my-church');
    await eventually(() => church.innerText()).toContain('Equipos a los que perteneces');
    await eventually(() => page.getByTestId('tool-apocalipsis').innerText()).toContain(
      'Incluido en el plan de Iglesia Bautista Central',
    );
    await church.getByRole('button', { name: 'Salir del equipo Iglesia Bautista Central' }).click();
    await church.getByRole('button', { name: 'Sí, salir' }).click();
    await eventually(() => toast().innerText()).toContain('Saliste de Iglesia Bautista Central');
    await eventually(() => church.innerText()).toContain('Aún no tienes un plan para tu iglesia.');
  });
});

describe('the invitation page', () => {
  for (const [width, viewport] of [
    ['1280', viewports.desktop],
    ['375', viewports.mobile],
  ] as const) {
    it(`shows who invites, and accepts it signed in with that address (${width} px)`, async () => {
      const team = harness.churches.giveTeam(ana.email, { invitations: [luis.email] });
      const token = harness.churches.invitationToken(team, luis.email);
      await open(`/equipo/invitacion?token=${token}`, { person: luis, viewport });
      const card = page.getByTestId('invitation');
      await eventually(() => card.innerText()).toContain(
        `${ana.name} te invita al equipo de Iglesia Bautista Central.`,
      );
      expect(await card.innerText()).toContain(luis.email);
      expect(await card.innerText()).toContain('Caduca');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await screenshot(page, `churches-invitation-es-${width}`);

      await page.getByRole('button', { name: 'Aceptar invitación' }).click();
      await page.waitForURL(url('/dashboard'));
      await eventually(() => toast().innerText()).toContain(
        'Ya eres parte de Iglesia Bautista Central',
      );
      await eventually(() => page.getByTestId('tool-apocalipsis').innerText()).toContain(
        'Incluido en el plan de Iglesia Bautista Central',
      );
    });
  }

  it('guides a signed-out visitor to sign in with the address and back to the invitation', async () => {
    const team = harness.churches.giveTeam(ana.email, { invitations: [luis.email] });
    const token = harness.churches.invitationToken(team, luis.email);
    await open(`/equipo/invitacion?token=${token}`, {});
    await page.getByText(`Inicia sesión con ${luis.email} para aceptarla.`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const register = page.getByRole('link', { name: 'Crear una cuenta' });
    expect(await register.getAttribute('href')).toContain('mode=register');

    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(/\/auth\?next=/);
    await page.getByLabel('Correo electrónico').fill(luis.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(luis.password);
    await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
    await page.waitForURL(url(`/equipo/invitacion?token=${token}`));
    await page.getByRole('button', { name: 'Aceptar invitación' }).waitFor();
  });

  it('asks an unconfirmed address to confirm first, and the confirmation leads back', async () => {
    const team = harness.churches.giveTeam(ana.email, { invitations: [luis.email] });
    const token = harness.churches.invitationToken(team, luis.email);
    harness.identity.users.get(luis.email)!.emailVerified = false;
    await open(`/equipo/invitacion?token=${token}`, { person: luis });
    await page
      .getByText('Confirma tu correo electrónico para aceptar la invitación.', { exact: false })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Aceptar invitación' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The mailed confirmation link opens /verify-email, which offers the way back.
    await page.goto(url('/verify-email?token=whatever'));
    const back = page.getByRole('link', { name: 'Volver a tu invitación o regalo' });
    await eventually(() => back.getAttribute('href')).toBe(`/equipo/invitacion?token=${token}`);
  });

  it('opens the registration with ?mode=register', async () => {
    await open(`/auth?next=${encodeURIComponent('/equipo/invitacion?token=x')}&mode=register`, {});
    await eventually(() => page.getByTestId('auth-title').innerText()).toBe('Crear Cuenta');
  });

  it('tells the wrong account whom the invitation is for', async () => {
    const team = harness.churches.giveTeam(ana.email, { invitations: [luis.email] });
    const token = harness.churches.invitationToken(team, luis.email);
    await open(`/equipo/invitacion?token=${token}`, { person: marta });
    await page
      .getByText(`Iniciaste sesión como ${marta.email}, pero la invitación es para ${luis.email}.`)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Aceptar invitación' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('says clearly when the invitation expired or was used', async () => {
    const team = harness.churches.giveTeam(ana.email, { invitations: [luis.email, marta.email] });
    const expired = harness.churches.invitationToken(team, luis.email);
    harness.churches.expire(expired);
    await open(`/equipo/invitacion?token=${expired}`, { person: luis });
    await page.getByText('Esta invitación caducó.', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const used = harness.churches.invitationToken(team, marta.email);
    await context.close();
    await open(`/equipo/invitacion?token=${used}`, { person: marta });
    await page.getByRole('button', { name: 'Aceptar invitación' }).click();
    await page.waitForURL(url('/dashboard'));
    await page.goto(url(`/equipo/invitacion?token=${used}`));
    await page.getByText('Esta invitación ya se usó o fue retirada.').waitFor();
  });
});
