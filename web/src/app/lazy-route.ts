import { lazy, type ComponentType } from 'react';
import { ensureSections } from '@/i18n';

/**
 * A route in its own chunk that renders only once the catalogue sections it shows are loaded (in
 * the current language), so it never flashes a missing text. Without a list it waits for every
 * section: right for the signed-in pages, which show most of them, and a safe default for a new
 * route. Public pages name theirs to stay light.
 */
export function lazyRoute(
  load: () => Promise<{ default: ComponentType }>,
  sections?: readonly string[],
) {
  return lazy(() => Promise.all([load(), ensureSections(sections)]).then(([module]) => module));
}
