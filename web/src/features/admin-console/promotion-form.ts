import {
  createPromotionCodeRequestSchema,
  type CreatePromotionCodeRequest,
  type promotionAppliesTo,
  type promotionDurations,
} from '@mia/contracts';
import { issuesToFieldErrors } from './api/field-errors';
import { parseDollars } from './money-input';
import type { Checked } from './product-form';

export interface PromotionFormState {
  code: string;
  kind: 'percent' | 'amount';
  /** '50' for 50 %, or dollars ('5.00') for an amount off. */
  value: string;
  duration: (typeof promotionDurations)[number];
  months: string;
  maxRedemptions: string;
  /** From a date input: YYYY-MM-DD, the code ends at the end of that day (UTC). */
  expiresOn: string;
  appliesTo: (typeof promotionAppliesTo)[number];
  firstPurchaseOnly: boolean;
}

export const emptyPromotionForm = (): PromotionFormState => ({
  code: '',
  kind: 'percent',
  value: '',
  duration: 'once',
  months: '',
  maxRedemptions: '',
  expiresOn: '',
  appliesTo: 'all',
  firstPurchaseOnly: false,
});

/** A whole number typed in a field, NaN when it is not one (the schema then refuses it). */
const whole = (text: string): number =>
  /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
const optionalWhole = (text: string): number | undefined =>
  text.trim() === '' ? undefined : whole(text);

export interface PromotionMessages {
  /** The value field is not a number of the kind chosen. */
  value: string;
  /** The expiry is not in the future. */
  expiry: string;
}

/**
 * The request the form stands for, checked with the API's schema, plus what the schema cannot
 * know: that the expiry is still ahead (`now` injected for the tests).
 */
export function checkPromotion(
  form: PromotionFormState,
  messages: PromotionMessages,
  now: Date,
): Checked<CreatePromotionCodeRequest> {
  const value =
    form.kind === 'percent' ? whole(form.value) : (parseDollars(form.value) ?? Number.NaN);
  const expiresAt = form.expiresOn ? `${form.expiresOn}T23:59:59Z` : undefined;
  const result = createPromotionCodeRequestSchema.safeParse({
    code: form.code.trim(),
    ...(form.kind === 'percent' ? { percentOff: value } : { amountOffCents: value }),
    duration: form.duration,
    ...(form.duration === 'repeating' ? { durationInMonths: whole(form.months) } : {}),
    maxRedemptions: optionalWhole(form.maxRedemptions),
    expiresAt,
    appliesTo: form.appliesTo,
    firstPurchaseOnly: form.firstPurchaseOnly,
  });
  const errors: Record<string, string> = result.success
    ? {}
    : issuesToFieldErrors(result.error.issues);
  // The schema's messages name the API's fields; the form has one value field for both.
  const valueError = errors.percentOff ?? errors.amountOffCents;
  delete errors.percentOff;
  delete errors.amountOffCents;
  if (valueError || Number.isNaN(value)) errors.value = messages.value;
  if (expiresAt && new Date(expiresAt) <= now) errors.expiresAt = messages.expiry;
  if (result.success && Object.keys(errors).length === 0) return { ok: true, request: result.data };
  return { ok: false, errors };
}

/** Maps the API's field names onto the form's (a 400 from the server). */
export function promotionFieldErrors(errors: Readonly<Record<string, string>>) {
  const { percentOff, amountOffCents, ...rest } = errors;
  const value = percentOff ?? amountOffCents;
  return value ? { ...rest, value } : rest;
}
