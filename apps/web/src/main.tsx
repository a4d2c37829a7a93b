// Cairo, every subset by unicode-range: a page downloads only the files its text needs.
import '@fontsource/cairo/400.css';
import '@fontsource/cairo/700.css';
import './styles.css';
import './components/guest/guest.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, startApp } from './app/app';
import { loadRoutesFor } from './app/router';
import { canHydrate, holdSubmitsUntilHydrated, hydrated } from './lib/hydration';
import { initI18n, loadTexts } from './lib/i18n';
import { catchInstallPrompt } from './lib/install-prompt';
import { shareLanguage, storedLanguage } from './lib/language';

// The language's guest texts, the first screen's code (and antd and the signed-in user, when that
// screen needs them) download side by side; the app renders once the texts are in.
// The signed-in screens' texts come with antd (app/antd-boundary.tsx).
const lang = storedLanguage();
shareLanguage(lang);
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
// A guest page prerendered at build time (docs/decisions/0033) shows already: React takes it over
// (hydrates it) once its screen and texts are here, with no other first render in between.
const hydrate = canHydrate(root, lang);
if (hydrate) holdSubmitsUntilHydrated();
initI18n(lang, ['guest']);
// Offline: rendered anyway (not hydrated: the page's texts would not match), the router shows what it can.
const texts = loadTexts(['guest'], lang).then(
  () => true,
  () => false,
);
const screen = hydrate ? loadRoutesFor(window.location) : undefined;
const app = hydrate ? undefined : startApp();

function render(): void {
  createRoot(root as HTMLElement).render(
    <StrictMode>
      <App {...(app ?? startApp())} />
    </StrictMode>,
  );
}

void Promise.all([texts, screen]).then(
  ([textsIn]) => {
    if (!hydrate || !textsIn) {
      hydrated();
      return render();
    }
    hydrateRoot(
      root,
      <StrictMode>
        <App {...startApp()} onHydrated={hydrated} />
      </StrictMode>,
    );
  },
  () => {
    // The screen's code did not arrive (offline): rendered afresh, the router shows what it can.
    hydrated();
    render();
  },
);
