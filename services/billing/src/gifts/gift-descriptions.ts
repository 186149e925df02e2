import { planName } from '@mia/catalog';
import type { GiftItem } from '@mia/contracts';
import type { Billing } from '../billing.js';
import type { CatalogSource } from '../catalog/catalog-reader.js';

export type GiftLang = 'es' | 'en';

/** The gift's item by its catalogue name (a tool's id if the catalogue lost it). */
export async function giftItemName(
  billing: Pick<Billing, 'catalog'>,
  item: GiftItem,
  lang: GiftLang,
  via?: CatalogSource,
): Promise<string> {
  if (item.kind === 'plan') return planName(item.plan, lang);
  const product = await billing.catalog.product(item.productId, via);
  return product?.name[lang] ?? item.productId;
}

const texts = {
  es: (name: string, email: string) => `Regalo: ${name} para ${email}`,
  en: (name: string, email: string) => `Gift: ${name} for ${email}`,
} satisfies Record<GiftLang, unknown>;

/** How the payment history, the receipt and the provider name a gift's payment. */
export const giftDescription = (name: string, email: string, lang: GiftLang): string =>
  texts[lang](name, email);

export async function describeGiftItem(
  billing: Pick<Billing, 'catalog'>,
  item: GiftItem,
  recipientEmail: string,
  lang: GiftLang,
  via?: CatalogSource,
): Promise<string> {
  return giftDescription(await giftItemName(billing, item, lang, via), recipientEmail, lang);
}
