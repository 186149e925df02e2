import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { removeServerHead } from './features/catalog/server-head';
import { detectLocale, startCatalogue } from './i18n';
import './index.css';

// No top-level await here: a lazily loaded catalogue part imports shared code from this very
// chunk, and awaiting it while this module is still evaluating would deadlock.
void startCatalogue(detectLocale()).then(() => {
  removeServerHead();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
