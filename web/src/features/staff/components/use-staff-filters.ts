import { useSearchParams } from 'react-router-dom';
import type { StaffTicketFilters } from '@/features/staff/api/staff-schemas';

const filterKeys = ['status', 'priority', 'categoryId', 'q'] as const;

/** A change to some filters; `undefined` removes one. */
export type FilterChange = Partial<Record<keyof StaffTicketFilters, string | undefined>>;

export function readFilters(params: URLSearchParams): StaffTicketFilters {
  const filters: StaffTicketFilters = {};
  for (const key of filterKeys) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** The query string after a change (null clears every filter); other parameters stay. */
export function changeFilters(
  current: URLSearchParams,
  change: FilterChange | null,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of filterKeys) {
    if (change === null) next.delete(key);
    else if (key in change) {
      const value = change[key]?.trim();
      if (value) next.set(key, value);
      else next.delete(key);
    }
  }
  return next;
}

/**
 * The filters live in the address, so a filtered list can be shared, reloaded and gone back to.
 * A change starts from the address bar rather than the last render: navigations render as
 * transitions, and a second quick change must not undo the first.
 */
export function useStaffFilters(): [StaffTicketFilters, (change: FilterChange | null) => void] {
  const [params, setParams] = useSearchParams();
  const update = (change: FilterChange | null) =>
    setParams(changeFilters(new URLSearchParams(window.location.search), change));
  return [readFilters(params), update];
}
