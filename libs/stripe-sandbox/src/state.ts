import type Stripe from 'stripe';
import type { CardDetails } from './cards.js';

/**
 * Everything the sandbox knows, in memory, as Stripe-shaped objects. References between objects
 * are ids (as Stripe stores them); `render` expands them on the way out.
 */
export interface SandboxState {
  customers: Map<string, Stripe.Customer>;
  products: Map<string, Stripe.Product>;
  prices: Map<string, Stripe.Price>;
  paymentIntents: Map<string, Stripe.PaymentIntent>;
  paymentMethods: Map<string, Stripe.PaymentMethod>;
  setupIntents: Map<string, Stripe.SetupIntent>;
  subscriptions: Map<string, Stripe.Subscription>;
  invoices: Map<string, Stripe.Invoice>;
  invoicePayments: Map<string, Stripe.InvoicePayment>;
  charges: Map<string, Stripe.Charge>;
  refunds: Map<string, Stripe.Refund>;
  disputes: Map<string, Stripe.Dispute>;
  events: Map<string, Stripe.Event>;
  /** The card behind each card PaymentMethod: it decides every later charge. */
  cards: Map<string, CardDetails>;
  /** The invoice a PaymentIntent pays (this API version's PaymentIntent does not say). */
  invoiceOfPaymentIntent: Map<string, string>;
  /** Proration owed (positive) or credited (negative) on a subscription's next invoice, in cents. */
  pendingProration: Map<string, number>;
  /** An invoice's failed automatic collection: retries are counted from its first failure. */
  dunning: Map<string, { startedAt: number; failures: number }>;
  coupons: Map<string, Stripe.Coupon>;
  promotionCodes: Map<string, Stripe.PromotionCode>;
  /** The coupon a subscription took at creation (`discounts`), applied to its invoices. */
  subscriptionDiscounts: Map<string, SubscriptionDiscount>;
}

export interface SubscriptionDiscount {
  coupon: string;
  promotionCode: string | null;
  /** When the discount started (subscription creation), to end `once` and `repeating` ones. */
  start: number;
  /** Invoices it applied to so far (`once` stops after the first). */
  applied: number;
}

export function createState(): SandboxState {
  return {
    customers: new Map(),
    products: new Map(),
    prices: new Map(),
    paymentIntents: new Map(),
    paymentMethods: new Map(),
    setupIntents: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    invoicePayments: new Map(),
    charges: new Map(),
    refunds: new Map(),
    disputes: new Map(),
    events: new Map(),
    cards: new Map(),
    invoiceOfPaymentIntent: new Map(),
    pendingProration: new Map(),
    dunning: new Map(),
    coupons: new Map(),
    promotionCodes: new Map(),
    subscriptionDiscounts: new Map(),
  };
}

type Collections = Omit<
  SandboxState,
  | 'cards'
  | 'invoiceOfPaymentIntent'
  | 'pendingProration'
  | 'dunning'
  | 'coupons'
  | 'subscriptionDiscounts'
>;

const BY_PREFIX: Record<string, keyof Collections> = {
  cus: 'customers',
  prod: 'products',
  price: 'prices',
  pi: 'paymentIntents',
  pm: 'paymentMethods',
  seti: 'setupIntents',
  sub: 'subscriptions',
  in: 'invoices',
  inpay: 'invoicePayments',
  ch: 'charges',
  re: 'refunds',
  dp: 'disputes',
  evt: 'events',
  promo: 'promotionCodes',
};

/** Any stored object by its id, for expansion. Products may have custom ids, so they are tried last. */
export function findById(state: SandboxState, id: string): object | undefined {
  const prefix = id.slice(0, id.indexOf('_'));
  const collection = BY_PREFIX[prefix];
  const found = collection ? (state[collection] as Map<string, object>).get(id) : undefined;
  return found ?? state.products.get(id);
}

/** The newest first, as Stripe lists. */
export function newestFirst<T>(map: Map<string, T>, keep: (item: T) => boolean = () => true): T[] {
  return [...map.values()].filter(keep).reverse();
}
