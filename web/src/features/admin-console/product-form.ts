import {
  createProductRequestSchema,
  updateProductRequestSchema,
  type AdminProduct,
  type CreateProductRequest,
  type UpdateProductRequest,
} from '@mia/contracts';
import { issuesToFieldErrors, type FieldErrors } from './api/field-errors';
import { dollarsText, parseDollars } from './money-input';

export const FEATURE_COUNT = 4;
export const languages = ['es', 'en'] as const;
export type Language = (typeof languages)[number];

type Bilingual<T> = Record<Language, T>;

/** What the product form holds: texts as typed, the price as a dollars string. */
export interface ProductFormState {
  id: string;
  name: Bilingual<string>;
  description: Bilingual<string>;
  features: Bilingual<string[]>;
  /** One prompt a line. */
  examplePrompts: Bilingual<string>;
  price: string;
  destinationUrl: string;
  /** Empty for the default art. */
  image: string;
  popular: boolean;
}

const blankFeatures = (): string[] => Array.from({ length: FEATURE_COUNT }, () => '');

export const emptyProductForm = (): ProductFormState => ({
  id: '',
  name: { es: '', en: '' },
  description: { es: '', en: '' },
  features: { es: blankFeatures(), en: blankFeatures() },
  examplePrompts: { es: '', en: '' },
  price: '',
  destinationUrl: '',
  image: '',
  popular: false,
});

const fourFeatures = (list: readonly string[]): string[] =>
  Array.from({ length: FEATURE_COUNT }, (_, index) => list[index] ?? '');

export const productFormOf = (product: AdminProduct): ProductFormState => ({
  id: product.id,
  name: { ...product.name },
  description: { ...product.description },
  features: { es: fourFeatures(product.features.es), en: fourFeatures(product.features.en) },
  examplePrompts: {
    es: product.examplePrompts.es.join('\n'),
    en: product.examplePrompts.en.join('\n'),
  },
  price: dollarsText(product.priceCents),
  destinationUrl: product.destinationUrl,
  image: product.image,
  popular: product.popular,
});

const prompts = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The fields as the API takes them; the price is NaN when it is not an amount (refused below). */
function requestFields(form: ProductFormState) {
  const image = form.image.trim();
  return {
    name: form.name,
    description: form.description,
    features: form.features,
    examplePrompts: { es: prompts(form.examplePrompts.es), en: prompts(form.examplePrompts.en) },
    priceCents: parseDollars(form.price) ?? Number.NaN,
    destinationUrl: form.destinationUrl.trim(),
    ...(image ? { image } : {}),
    popular: form.popular,
  };
}

export type Checked<T> = { ok: true; request: T } | { ok: false; errors: FieldErrors };

/**
 * Checks the form with the API's own schema before sending, so most mistakes are shown at once
 * and in the same places the API's 400 would put them. `priceMessage` replaces zod's number
 * message for a price that is not an amount at all.
 */
export function checkNewProduct(
  form: ProductFormState,
  priceMessage: string,
): Checked<CreateProductRequest> {
  return checked(
    createProductRequestSchema.safeParse({ id: form.id.trim(), ...requestFields(form) }),
    form,
    priceMessage,
  );
}

/**
 * A change sends only the fields that differ from the product as loaded (PATCH takes any of
 * them), after checking the whole form so every mistake still shows. Null request: nothing changed.
 */
export function checkProductChange(
  initial: ProductFormState,
  form: ProductFormState,
  priceMessage: string,
): Checked<UpdateProductRequest | null> {
  const result = checked(
    createProductRequestSchema.omit({ id: true }).safeParse(requestFields(form)),
    form,
    priceMessage,
  );
  if (!result.ok) return result;
  const before: Record<string, unknown> = requestFields(initial);
  const changed = Object.fromEntries(
    Object.entries(result.request).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key]),
    ),
  ) as UpdateProductRequest;
  return Object.keys(changed).length === 0
    ? { ok: true, request: null }
    : { ok: true, request: updateProductRequestSchema.parse(changed) };
}

function checked<T>(
  result:
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
      },
  form: ProductFormState,
  priceMessage: string,
): Checked<T> {
  const priceIsAmount = parseDollars(form.price) !== null;
  if (result.success && priceIsAmount) return { ok: true, request: result.data };
  const errors: Record<string, string> = result.success
    ? {}
    : { ...issuesToFieldErrors(result.error.issues) };
  if (!priceIsAmount) errors.priceCents = priceMessage;
  return { ok: false, errors };
}
