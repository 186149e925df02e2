import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { I18nContext } from '@/i18n/context';
import { en } from '@/i18n/en';
import { es } from '@/i18n/es';
import type { Locale } from '@/i18n/locale';

/** Server-renders a piece of UI with the router and the given locale, for markup assertions. */
export function renderHtml(ui: ReactNode, locale: Locale = 'es', path = '/'): string {
  return renderToString(
    <MemoryRouter initialEntries={[path]}>
      <I18nContext.Provider
        value={{ locale, t: locale === 'en' ? en : es, setLocale: () => undefined }}
      >
        {ui}
      </I18nContext.Provider>
    </MemoryRouter>,
  );
}

/** Decodes the few entities React writes into attributes and text. */
export const decode = (html: string): string =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
