// Cairo, every subset by unicode-range: a page downloads only the files its text needs.
import '@fontsource/cairo/400.css';
import '@fontsource/cairo/700.css';
import './styles.css';
import './components/guest/guest.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startApp } from './app/app';
import { initI18n, loadTexts } from './lib/i18n';
import { catchInstallPrompt } from './lib/install-prompt';
import { storedLanguage } from './lib/language';

// The language's guest texts, the first screen's code (and antd and the signed-in user, when that
// screen needs them) download side by side; the app renders once the texts are in.
// The signed-in screens' texts come with antd (app/antd-boundary.tsx).
const lang = storedLanguage();
initI18n(lang, ['guest']);
const texts = loadTexts(['guest'], lang);
const app = startApp();
catchInstallPrompt();
// The service worker (docs/decisions/0032-pwa.md) once the page has loaded: its code and its
// download of the app never compete with the first screen.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./pwa/register').then((m) => m.registerServiceWorker()), {
    once: true,
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void texts
  .catch(() => undefined) // offline: render anyway, the router shows what it can
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App {...app} />
      </StrictMode>,
    ),
  );
