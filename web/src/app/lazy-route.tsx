import { lazy, type ComponentType } from 'react';
import { ensureSections } from '@/i18n';

type Module = { default: ComponentType };

/**
 * A part of the app in its own chunk, rendered inside the query cache's provider (loaded with it,
 * see query-provider.tsx) and only once the catalogue sections it shows are loaded in the current
 * language, so it never flashes a missing text. Without a list it waits for every section: right for
 * the signed-in pages, which show most of them, and a safe default for a new route. Public pages
 * name theirs to stay light.
 */
export function lazyRoute(load: () => Promise<Module>, sections?: readonly string[]) {
  return lazy(async (): Promise<Module> => {
    const [{ default: Page }, { QueryProvider }] = await Promise.all([
      load(),
      import('./query-provider'),
      ensureSections(sections),
    ]);
    return {
      default: () => (
        <QueryProvider>
          <Page />
        </QueryProvider>
      ),
    };
  });
}
