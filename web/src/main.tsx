import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { detectLocale, loadMessages } from './i18n';
import './index.css';

const locale = detectLocale();

// No top-level await here: a lazily loaded catalogue imports shared code from this very chunk,
// and awaiting it while this module is still evaluating would deadlock.
void loadMessages(locale).then((messages) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App locale={locale} messages={messages} />
    </StrictMode>,
  );
});
