import { BrowserRouter } from 'react-router-dom';
import type { Locale, Messages } from '@/i18n';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export function App(props: { locale: Locale; messages: Messages }) {
  return (
    <AppProvider {...props}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
