import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { Locale, Messages } from '../i18n';
import { AppProvider } from './provider';
import { createRouter } from './router';

export function App(props: { locale: Locale; messages: Messages }) {
  const [router] = useState(createRouter);
  return (
    <AppProvider {...props}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
