import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { detectLocale, loadMessages } from './i18n';
import './index.css';

const locale = detectLocale();
const messages = await loadMessages(locale);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App locale={locale} messages={messages} />
  </StrictMode>,
);
