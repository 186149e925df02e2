import type { Page } from 'playwright-core';
import { expectStatus, type ApiClient } from './api.js';

/**
 * The parts of the public API's answers the journeys read. Written out here rather than taken
 * from libs/contracts: the suite checks a deployment from outside, as any client would, and
 * its image carries nothing of the product's code.
 */
export interface Dashboard {
  availableProducts: Array<{
    id: string;
    name: string;
    purchased: boolean;
    /** `source`: purchase, subscription, trial, admin, team (a church's seat) or gift. */
    access?: { source: string; until: string | null; teamName?: string };
  }>;
  purchasedGpts: Array<{ modelId: string; queriesUsed: number }>;
  payments: Array<{ description: string; amount: string; status: string }>;
}

export interface Ticket {
  id: string;
  ticketNumber: string;
  title: string;
  status: string;
  messages?: Array<{ author: string; body: string; internal?: boolean }>;
}

/** GET /api/teams: the teams a user owns and those they hold a seat in. */
export interface MyTeams {
  owned: Array<{ teamId: string; name: string; seats: number; seatsUsed: number; status: string }>;
  memberships: Array<{ teamId: string; name: string }>;
}

/** GET /api/teams/{teamId}, the owner's view. */
export interface Team {
  teamId: string;
  name: string;
  seats: number;
  seatsUsed: number;
  members: Array<{ userId: string; name: string; email: string }>;
  invitations: Array<{ invitationId: string; email: string }>;
}

/** GET /api/gifts: the gifts the user paid for. */
export interface SentGifts {
  sent: Array<{
    giftId: string;
    item: { kind: 'product'; productId: string } | { kind: 'plan'; plan: string };
    recipientEmail: string;
    status: 'scheduled' | 'sent' | 'claimed' | 'refunded';
  }>;
}

export const readDashboard = async (api: ApiClient) =>
  expectStatus(await api.get<Dashboard>('/api/dashboard'), 200, 'GET /api/dashboard');

export const productOf = (dashboard: Dashboard, id: string) => {
  const product = dashboard.availableProducts.find((p) => p.id === id);
  if (!product) throw new Error(`the dashboard lists no product ${id}`);
  return product;
};

export const usesOf = (dashboard: Dashboard, id: string) =>
  dashboard.purchasedGpts.find((g) => g.modelId === id)?.queriesUsed ?? 0;

/** A tool's row on the dashboard. */
export const toolRow = (page: Page, id: string) => page.getByTestId(`tool-${id}`);

/**
 * "Usar" on a tool's dashboard row, as the purchase journey does: the tool opens in a new tab at
 * the address access answers. Resolves with that address and the tab.
 */
export async function useTool(page: Page, id: string): Promise<{ gptUrl: string; tab: Page }> {
  const [tab, answer] = await Promise.all([
    page.context().waitForEvent('page'),
    page.waitForResponse((res) => res.url().endsWith('/api/access-gpt')),
    toolRow(page, id)
      .getByRole('button', { name: /^Usar / })
      .click(),
  ]);
  if (answer.status() !== 200) {
    throw new Error(`Usar on ${id} answered ${answer.status()}: ${await answer.text()}`);
  }
  const { gptUrl } = (await answer.json()) as { gptUrl: string };
  await tab.waitForURL(gptUrl);
  return { gptUrl, tab };
}

/** Stripe's test cards (the sandbox follows them). */
export const cards = {
  pays: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

/** Any future month, as the card form reads it (MM/AA). */
const expiry = () => `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** The checkout's billing fields: required by the form, never sent (spec section 5). */
export async function fillBillingDetails(page: Page): Promise<void> {
  await page.getByLabel('Nombre', { exact: true }).fill('Ana');
  await page.getByLabel('Apellido', { exact: true }).fill('Ruiz');
  await page.getByLabel('Dirección', { exact: true }).fill('Calle Sol 1');
  await page.getByLabel('Ciudad', { exact: true }).fill('San Juan');
  await page.getByLabel('Código postal', { exact: true }).fill('00901');
}

/** Types a card into the sandbox's card form (the labelled test-card form of sandbox mode). */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Número de tarjeta').fill(number);
  await page.getByLabel(/^Vencimiento/).fill(expiry());
  await page.getByLabel(/CVC/).fill('123');
}
