import type { BenchCustomer } from './support-customers.js';
import {
  loadAtRate,
  oneAtATime,
  type RateFigures,
  type SequentialFigures,
} from './support-rate.js';

/** What customers ask, in both languages and across the triage's intents. */
const questions = [
  'Pagué el Manual de Ceremonias y no veo el botón de usar GPT',
  '¿Dónde encuentro mi código MIA?',
  'Me cobraron dos veces la suscripción este mes',
  'No puedo iniciar sesión, dice que mi contraseña es incorrecta',
  '¿Cómo cancelo mi suscripción mensual?',
  'I paid for the sermon assistant but I cannot access it',
  'How do I change the email on my account?',
  'The GPT page shows an error when I open it',
  'Quiero una factura de mi última compra',
  '¿Puedo usar los asistentes desde el celular?',
];

/**
 * Messages one customer sends in a run: well under the default quota (30 per rolling hour), so
 * the run measures answers, not refusals, without changing the service's configuration.
 */
export const MESSAGES_PER_CUSTOMER = 10;

export const customersFor = (rate: number, seconds: number) =>
  Math.ceil(Math.round(rate * seconds) / MESSAGES_PER_CUSTOMER);

type Verify = (reply: { response?: unknown; severity?: unknown }) => boolean;

function chatRequests(customers: readonly BenchCustomer[], messages: number, verify: Verify) {
  if (customers.length * MESSAGES_PER_CUSTOMER < messages) {
    throw new Error('not enough customers for the run: the quota would refuse messages');
  }
  return {
    request: (i: number) => ({
      path: '/api/support/chat',
      token: customers[i % customers.length]!.token,
      // Shifted each round, so a customer does not ask the same question every time.
      body: { message: questions[(i + Math.floor(i / customers.length)) % questions.length] },
    }),
    verify: (body: string) => {
      try {
        return verify(JSON.parse(body) as { response?: unknown });
      } catch {
        return false;
      }
    },
  };
}

/**
 * POST /api/support/chat at `rate` for `seconds`, round-robin over `customers` (each new message
 * starts a conversation; one customer's messages are customers/rate seconds apart, so a
 * customer never has two in flight). `verify` tells the expected answer from any other.
 */
export const chatAtRate = (
  baseUrl: string,
  customers: readonly BenchCustomer[],
  rate: number,
  seconds: number,
  verify: Verify,
): Promise<RateFigures> =>
  loadAtRate({
    baseUrl,
    rate,
    seconds,
    ...chatRequests(customers, Math.round(rate * seconds), verify),
  });

/** `count` chat messages one at a time: the service's own time per message. */
export const chatOneAtATime = (
  baseUrl: string,
  customers: readonly BenchCustomer[],
  count: number,
  verify: Verify,
): Promise<SequentialFigures> =>
  oneAtATime({ baseUrl, count, ...chatRequests(customers, count, verify) });
