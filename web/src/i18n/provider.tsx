import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadMessages } from './catalogue';
import { I18nContext, type I18n } from './context';
import type { Messages } from './es';
import { rememberLocale, type Locale } from './locale';

interface Props {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}

export function I18nProvider({ locale: initialLocale, messages, children }: Props) {
  const [state, setState] = useState({ locale: initialLocale, t: messages });

  useEffect(() => {
    document.documentElement.lang = state.locale;
  }, [state.locale]);

  const setLocale = useCallback((locale: Locale) => {
    rememberLocale(locale);
    void loadMessages(locale).then((t) => setState({ locale, t }));
  }, []);

  const value = useMemo<I18n>(() => ({ ...state, setLocale }), [state, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
