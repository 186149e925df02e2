import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nProvider, type Locale, type Messages } from '@/i18n';
import { createQueryClient } from '@/lib/query-client';

interface Props {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}

export function AppProvider({ locale, messages, children }: Props) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale={locale} messages={messages}>
        {children}
      </I18nProvider>
    </QueryClientProvider>
  );
}
