import { coreEn } from './core.en';
import type { Messages } from './es';
import { accountEn } from './sections/account.en';
import { commerceEn } from './sections/commerce.en';
import { churchesEn } from './sections/churches.en';
import { connectionsEn } from './sections/connections.en';
import { pagesEn } from './sections/pages.en';
import { securityEn } from './sections/security.en';
import { statusLiveEn } from './sections/status.en';
import { supportEn } from './sections/support.en';
import { adminConsoleEn } from './sections/admin-console.en';

/**
 * English, whole (for the tests; the app loads it by parts like Spanish, see es.ts). Typed against
 * the Spanish catalogue, so a missing or extra key does not compile.
 */
export const en: Messages = {
  ...coreEn,
  ...pagesEn,
  ...accountEn,
  ...commerceEn,
  ...supportEn,
  ...securityEn,
  ...connectionsEn,
  ...churchesEn,
  ...statusLiveEn,
  ...adminConsoleEn,
};
