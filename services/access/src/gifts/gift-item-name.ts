import type { GiftItem } from '@mia/contracts';
import type { ProductCatalog } from '../catalog/product-catalog.js';
import type { MailLanguage } from './gift-events.js';

const PLAN_PERIOD = {
  es: {
    monthly: 'un mes del plan con todas las herramientas',
    annual: 'un año del plan con todas las herramientas',
  },
  en: { monthly: 'one month of the all-tools plan', annual: 'one year of the all-tools plan' },
} as const;

/** How a mail or page names what the gift gives: the tool's name, or the plan's period. */
export const giftItemName = (
  item: GiftItem,
  language: MailLanguage,
  catalog: Pick<ProductCatalog, 'nameOf'>,
): string =>
  item.kind === 'product'
    ? catalog.nameOf(item.productId, language)
    : PLAN_PERIOD[language][item.plan];
