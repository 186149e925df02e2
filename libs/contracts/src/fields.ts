import { z } from 'zod';
import { singleLineText } from './text.js';

/**
 * Field schemas shared by the integration events of several producers. They validate shape
 * only and never transform, because the event store keeps exactly what the schema returns.
 */

/** An instant with its offset, as every event carries it. */
export const instantSchema = z.iso.datetime({ offset: true });

/** Ids we mint ourselves (payments, subscriptions, trials, users, tickets, messages). */
export const ownIdSchema = z.uuid();

/** Ids minted by a provider (Stripe `pi_...`, `sub_...`, `dp_...`). */
export const providerIdSchema = singleLineText({ max: 255 });

/** Money inside the system is integer cents; the browser API shows decimal strings. */
export const amountCentsSchema = z.number().int().nonnegative();

/** A 3-letter lowercase ISO 4217 code, as Stripe writes it (`usd`). */
export const currencyCodeSchema = z
  .string()
  .regex(/^[a-z]{3}$/, 'Currency must be a 3-letter lowercase ISO code');

export const planTypes = ['monthly', 'annual'] as const;
export const planTypeSchema = z.enum(planTypes);
export type PlanType = z.infer<typeof planTypeSchema>;

/**
 * A product id as the catalogue writes them (lowercase words joined by hyphens). Events check
 * the form, not membership of today's catalogue: a stored event must still parse after a tool
 * is retired, and a consumer deployed before a tool was added must not park its events. The
 * producer checks membership (`@mia/catalog` `isProductId`) before it appends.
 */
export const productRefSchema = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a catalogue product id');

export const ALL_PRODUCTS = 'all' as const;

/** What a grant covers: one product, or every tool (`all`: subscriptions, trials, admin). */
export const accessScopeSchema = z.union([z.literal(ALL_PRODUCTS), productRefSchema]);
export type AccessScope = z.infer<typeof accessScopeSchema>;
