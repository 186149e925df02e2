import { ALL_PRODUCTS } from '@mia/contracts';

/**
 * What a grant covers, for people: 'all tools', or the tool's name as the catalogue knows it
 * (`productName` answers the raw id for a tool it does not know).
 */
export function scopeName(
  scope: string,
  allLabel: string,
  productName: (id: string) => string,
): string {
  return scope === ALL_PRODUCTS ? allLabel : productName(scope);
}
