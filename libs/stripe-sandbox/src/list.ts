import { invalidRequest } from './errors.js';
import type { FormObject } from './form.js';
import { intParam, strParam } from './params.js';

export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** Stripe's cursor pagination over a newest-first list: `limit`, `starting_after`, `ending_before`. */
export function paginate<T extends { id: string }>(
  items: T[],
  params: FormObject,
  url: string,
): StripeList<T> {
  const limit = intParam(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest('Invalid limit: must be between 1 and 100', 'limit');
  }
  const after = strParam(params, 'starting_after');
  const before = strParam(params, 'ending_before');
  let start = 0;
  let end = items.length;
  if (after) {
    const index = items.findIndex((item) => item.id === after);
    if (index < 0)
      throw invalidRequest(`No such object: '${after}'`, 'starting_after', 'resource_missing');
    start = index + 1;
  } else if (before) {
    const index = items.findIndex((item) => item.id === before);
    if (index < 0)
      throw invalidRequest(`No such object: '${before}'`, 'ending_before', 'resource_missing');
    end = index;
    start = Math.max(0, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  const has_more = before ? start > 0 : start + limit < end;
  return { object: 'list', data, has_more, url };
}
