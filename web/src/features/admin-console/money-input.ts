/**
 * Prices are typed in dollars ('9.99', '9,99', '10') and sent in cents. Null when the text is not
 * an amount with at most two decimals, so the form can say so rather than send a wrong price.
 */
export function parseDollars(text: string): number | null {
  const clean = text.trim().replace(/^\$/, '').replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the input shows them back: '9.99'. */
export const dollarsText = (cents: number): string => (cents / 100).toFixed(2);
