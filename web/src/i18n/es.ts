import { coreEs } from './core.es';
import { accountEs } from './sections/account.es';
import { commerceEs } from './sections/commerce.es';
import { churchesEs } from './sections/churches.es';
import { connectionsEs } from './sections/connections.es';
import { pagesEs } from './sections/pages.es';
import { securityEs } from './sections/security.es';
import { statusLiveEs } from './sections/status.es';
import { supportEs } from './sections/support.es';
import { adminConsoleEs } from './sections/admin-console.es';

/**
 * The message catalogue. Spanish is the default and complete locale: its shape is the key set every
 * other locale must match (see `Messages`). Where the spec words a text in Spanish it is used here
 * verbatim; where the spec words it in English, `en.ts` carries the original and this is a faithful
 * translation. Counts and prices come from the catalogue (GET /api/catalog), so they are parameters, never literals.
 *
 * This is the whole catalogue, for the `Messages` type and the tests. The app itself never imports
 * it: it loads `core.es.ts` with the first page and each file of sections/ with the routes that show
 * it (catalogue.ts). A section listed here but missing from sections/ fails catalogue.unit.test.ts.
 */
export const es = {
  ...coreEs,
  ...pagesEs,
  ...accountEs,
  ...commerceEs,
  ...supportEs,
  ...securityEs,
  ...connectionsEs,
  ...churchesEs,
  ...statusLiveEs,
  ...adminConsoleEs,
};

/** The shape every locale must have: same keys, same parameters. */
export type Messages = typeof es;
