import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { catalogueState, subscribeCatalogue, switchCatalogue } from './catalogue';
import { I18nContext, type I18n } from './context';
import { rememberLocale, type Locale } from './locale';

/**
 * Gives the app the catalogue as catalogue.ts holds it (started before the first render, grown by
 * the routes' sections, swapped whole on a language switch).
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const state = useSyncExternalStore(subscribeCatalogue, catalogueState);

  useEffect(() => {
    document.documentElement.lang = state.locale;
  }, [state.locale]);

  const setLocale = useCallback((locale: Locale) => {
    rememberLocale(locale);
    void switchCatalogue(locale);
  }, []);

  const value = useMemo<I18n>(() => ({ ...state, setLocale }), [state, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
