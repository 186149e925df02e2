import { ticketCategorySchema } from '@mia/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useI18n, type Locale } from '@/i18n';
import { api } from '@/lib/api-client';
import { ticketKeys } from './query-keys';

const categoriesSchema = z.array(ticketCategorySchema);

/** The seeded categories, named in the language the visitor chose (`?lang=` wins on support). */
export const getTicketCategories = (locale: Locale) =>
  api.get(`/api/tickets/categories?lang=${locale}`, { schema: categoriesSchema });

export const ticketCategoriesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ticketKeys.categories(locale),
    queryFn: () => getTicketCategories(locale),
  });

export function useTicketCategories() {
  const { locale } = useI18n();
  return useQuery(ticketCategoriesQueryOptions(locale));
}
