import type { ReactNode } from 'react';
import { I18nProvider } from '@/i18n';

/** What the first render needs; the query cache comes with the parts that use it (query-provider). */
export function AppProvider({ children }: { children: ReactNode }) {
  return <I18nProvider>{children}</I18nProvider>;
}
