import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectStatus, type ApiClient } from './support/api.js';
import {
  cards,
  fillBillingDetails,
  fillCard,
  productOf,
  readDashboard,
  toolRow,
  useTool,
  type MyTeams,
  type Team,
} from './support/app.js';
import { eventually, toast, useBrowser } from './support/browser.js';
import { needsSandbox } from './support/context.js';
import { mailDir, mailedLink } from './support/mail.js';
import { newPerson, signUp, signUpAs, verifyEmail } from './support/users.js';

const browsing = useBrowser();
const TOOL = 'generador-sermones';
const INVITATION_PAGE = '/equipo/invitacion';

/** The dashboard's "Mi iglesia" section, where the owner seats the team. */
const myChurch = (page: Page) => page.getByTestId('my-church');

/**
 * The owner's team, once billing's payment has reached access (the team exists there only
 * then): GET /api/teams lists it, and GET /api/teams/{teamId} shows its seats.
 */
async function ownedTeam(api: ApiClient, name: string): Promise<Team> {
  let teamId: string | undefined;
  await eventually(async () => {
    const teams = expectStatus(await api.get<MyTeams>('/api/teams'), 200, 'GET /api/teams');
    teamId = teams.owned.find((t) => t.name === name)?.teamId;
    return teamId;
  }, `${name} among the owner's teams`).toBeDefined();
  return expectStatus(await api.get<Team>(`/api/teams/${teamId}`), 200, 'GET /api/teams/{id}');
}

describe('a church of 3', () => {
  it('the owner buys 3 seats and invites two; one registers from the mail, accepts and opens a tool; the other accepts, is removed and loses the tool', async (ctx) => {
    needsSandbox(ctx);
    const { person: owner, api } = await signUp('church-owner');
    const verified = await verifyEmail(api, owner.email);
    if (verified !== true) return ctx.skip(verified);
    // Unique per run: the target keeps every earlier run's teams.
    const church = `Iglesia Gracia ${Date.now().toString(36)}`;
    const first = newPerson('church-first');
    const second = newPerson('church-second');

    // The team plan's own page: a name, monthly, 3 seats; then the checkout's payment form.
    const page = await browsing.open(api);
    await page.goto('/equipos/nuevo');
    await page.getByLabel('Nombre de la iglesia').fill(church);
    await page.getByRole('radio', { name: /^Mensual/ }).check();
    await page.getByLabel('Asientos', { exact: true }).fill('3');
    // 3 seats of the monthly plan: three times its price.
    await eventually(() => page.getByTestId('team-total').innerText()).toContain('$60.00');
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    const pay = page.getByRole('button', { name: 'Pagar $60.00 USD' });
    await pay.waitFor();
    await fillBillingDetails(page);
    await fillCard(page, cards.pays);
    await pay.click();
    await eventually(() => toast(page).innerText()).toContain('Pago completado');
    await page.waitForURL('/dashboard');

    const bought = await ownedTeam(api, church);
    expect(bought).toMatchObject({ seats: 3, seatsUsed: 0, members: [], invitations: [] });
    // The team's plan is the church's: it opens nothing to the buyer.
    expect(productOf(await readDashboard(api), TOOL).purchased).toBe(false);

    // "Mi iglesia": two invitations, each taking a seat until answered.
    const section = myChurch(page);
    await eventually(() => section.innerText()).toContain(church);
    const tokens = new Map<string, string>();
    for (const invitee of [first, second]) {
      await section.getByLabel('Correo electrónico').fill(invitee.email);
      const [answer] = await Promise.all([
        page.waitForResponse(
          (res) => res.request().method() === 'POST' && res.url().endsWith('/invitations'),
        ),
        section.getByRole('button', { name: 'Enviar invitación' }).click(),
      ]);
      expect(answer.status(), await answer.text()).toBe(201);
      // Development hands the token back, as reset and verification do: the fallback when
      // the run has no mailbox to read.
      const token = ((await answer.json()) as { invitationToken?: string }).invitationToken;
      if (token) tokens.set(invitee.email, token);
      await eventually(() => section.getByTestId('team-invitations').innerText()).toContain(
        invitee.email,
      );
    }
    const invited = expectStatus(
      await api.get<Team>(`/api/teams/${bought.teamId}`),
      200,
      'GET /api/teams/{id}',
    );
    expect(invited.seatsUsed).toBe(2);
    expect(invited.invitations.map((i) => i.email).sort()).toEqual(
      [first.email, second.email].sort(),
    );

    /** The invitation's link as the invitee finds it: in the mail, else the dev answer's. */
    const linkFor = async (email: string) => {
      if (mailDir()) return mailedLink(email, INVITATION_PAGE);
      const token = tokens.get(email);
      if (!token) ctx.skip('no mailbox (ACCEPTANCE_MAIL_DIR) and no development token');
      return `${INVITATION_PAGE}?token=${encodeURIComponent(token!)}`;
    };

    // The first invitee opens the link without an account: the page names the church and the
    // address to sign in or register with.
    const link = await linkFor(first.email);
    const visitor = await browsing.open();
    await visitor.goto(link);
    const preview = visitor.getByTestId('invitation');
    await eventually(() => preview.innerText()).toContain(
      `${owner.name} te invita al equipo de ${church}`,
    );
    expect(await preview.innerText()).toContain(`Inicia sesión con ${first.email}`);
    await preview.getByRole('link', { name: 'Crear una cuenta' }).waitFor();

    // Registered with that address and verified, the invitee accepts on the same page.
    const member = await signUpAs(first);
    const memberVerified = await verifyEmail(member, first.email);
    if (memberVerified !== true) return ctx.skip(memberVerified);
    const invitation = await browsing.open(member);
    await invitation.goto(link);
    // Access learns of the verification from identity's event, a moment later: until then the
    // page says to confirm the address, and the button stays to try again.
    const accept = invitation.getByRole('button', { name: 'Aceptar invitación' });
    await eventually(async () => {
      if ((await accept.isVisible()) && (await accept.isEnabled())) await accept.click();
      return (await toast(invitation).isVisible()) ? toast(invitation).innerText() : '';
    }).toContain(`Ya eres parte de ${church}`);
    await invitation.waitForURL('/dashboard');

    // Seated: every tool says where it comes from, and "Usar" reaches the tool.
    const row = toolRow(invitation, TOOL);
    await eventually(() => row.innerText()).toContain(`Incluido en el plan de ${church}`);
    const { gptUrl } = await useTool(invitation, TOOL);
    expect(gptUrl).toBeTruthy();
    expect(productOf(await readDashboard(member), TOOL)).toMatchObject({
      purchased: true,
      access: { source: 'team' },
    });

    // The second invitee accepts too (through the API: the page was the first one's).
    const leaving = await signUpAs(second);
    const leavingVerified = await verifyEmail(leaving, second.email);
    if (leavingVerified !== true) return ctx.skip(leavingVerified);
    const secondLink = new URL(await linkFor(second.email), 'http://link');
    const token = secondLink.searchParams.get('token');
    // 403 email_not_verified until access has the verification (identity's event).
    await eventually(
      async () => (await leaving.post('/api/team-invitations/accept', { token })).status,
      'the second invitee accepted',
    ).toBe(200);
    await eventually(
      async () => productOf(await readDashboard(leaving), TOOL).purchased,
      'the second member seated',
    ).toBe(true);

    // The owner sees both members and removes the second from "Mi iglesia".
    await page.reload();
    const members = section.getByTestId('team-members');
    await eventually(() => members.innerText()).toContain(second.email);
    const entry = members.getByRole('listitem').filter({ hasText: second.email });
    await entry.getByRole('button', { name: `Quitar a ${second.name} del equipo` }).click();
    await entry.getByRole('button', { name: 'Sí, quitar' }).click();
    await eventually(() => toast(page).innerText()).toContain(
      `${second.name} ya no está en el equipo`,
    );
    await eventually(() => members.innerText()).not.toContain(second.email);
    const after = expectStatus(
      await api.get<Team>(`/api/teams/${bought.teamId}`),
      200,
      'GET /api/teams/{id}',
    );
    expect(after.members.map((m) => m.email)).toEqual([first.email]);
    expect(after.seatsUsed).toBe(1);

    // The removed member loses the tool at once: no longer usable, and "Usar" is refused.
    await eventually(
      async () => productOf(await readDashboard(leaving), TOOL).purchased,
      'the removed member without the tool',
    ).toBe(false);
    const refused = await leaving.post<{ code?: string }>('/api/access-gpt', { productId: TOOL });
    expect(refused.status).toBe(403);
    const removedPage = await browsing.open(leaving);
    await removedPage.goto('/dashboard');
    const removedRow = toolRow(removedPage, TOOL);
    await eventually(() => removedRow.innerText()).toContain('Comprar');
    expect(await removedRow.getByRole('button', { name: /^Usar / }).count()).toBe(0);

    // The first member keeps the seat.
    expect(productOf(await readDashboard(member), TOOL).purchased).toBe(true);
  });
});
