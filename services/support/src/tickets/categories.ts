import type { TicketCategory } from '@mia/contracts';
import type { Language } from '../language.js';

/**
 * The ticket categories (seeded with the product; ids are stable, names follow the reader's
 * language). The chat's answer categories map onto them when it opens a ticket.
 */
export const ticketCategories = [
  { id: 'access', es: 'Acceso a GPTs', en: 'GPT access' },
  { id: 'payment', es: 'Pagos y facturación', en: 'Payments and billing' },
  { id: 'technical', es: 'Problemas técnicos', en: 'Technical problems' },
  { id: 'account', es: 'Cuenta', en: 'Account' },
  { id: 'other', es: 'Otro', en: 'Other' },
] as const;

export type TicketCategoryId = (typeof ticketCategories)[number]['id'];

export const isTicketCategory = (id: string): id is TicketCategoryId =>
  ticketCategories.some((c) => c.id === id);

export const categoriesIn = (language: Language): TicketCategory[] =>
  ticketCategories.map((c) => ({ id: c.id, name: c[language] }));

export const categoryName = (id: string, language: Language): string =>
  ticketCategories.find((c) => c.id === id)?.[language] ?? id;
