/** '9.99' (the browser API's amounts, always two decimals) -> 999. */
export function amountStringToCents(amount: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(amount.trim());
  return match ? Number(match[1]) * 100 + Number(match[2]) : 0;
}
