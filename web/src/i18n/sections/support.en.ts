import type { supportEs } from './support.es';

/** Support chat, tickets and staff console texts (en). */
export const supportEn: typeof supportEs = {
  support: {
    heading: 'AI Support Assistant',
    back: 'Back to Dashboard',
  },
  tickets: {
    heading: 'Support Center',
    back: 'Back to Dashboard',
  },
};
