/** The tickets feature's cache keys, in one place so mutations refresh what they changed. */
export const ticketKeys = {
  categories: (locale: string) => ['tickets', 'categories', locale] as const,
  list: () => ['tickets', 'list'] as const,
  detail: (id: string) => ['tickets', 'detail', id] as const,
};
