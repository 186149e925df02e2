import type { Messages } from '@/i18n';

/** COMMERCE.md §4: the sandbox's test cards and what each one does. */
export const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'pays' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
  { number: '4000 0000 0000 0341', outcome: 'renewalsFail' },
  { number: '4000 0000 0000 0259', outcome: 'disputed' },
] as const satisfies readonly {
  number: string;
  outcome: keyof Messages['card']['outcomes'];
}[];
