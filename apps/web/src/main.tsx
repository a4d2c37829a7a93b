// Cairo, every subset by unicode-range: a page downloads only the files its text needs.
import '@fontsource/cairo/400.css';
import '@fontsource/cairo/700.css';
import './styles.css';
import './components/guest/guest.css';
import { paths } from './config/paths';
import { canHydrate, holdSubmitsUntilHydrated, hydrated, setAsideUntilRendered } from './lib/hydration';
import { initI18n, loadTexts } from './lib/i18n';
import { catchInstallPrompt } from './lib/install-prompt';
import { shareLanguage, storedLanguage } from './lib/language';

// The entry does what every page needs before its first render and nothing more; the app
// (app/mount.tsx: React DOM, the router, the query client) or, on the login page, the login island
// (app/login-island.tsx) downloads beside it, preloaded by the page's HTML.
// The language's guest texts and the first screen's code download side by side; the app renders
// once the texts are in. The signed-in screens' texts come with antd (app/antd-boundary.tsx).
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
else setAsideUntilRendered(root);
initI18n(lang, ['guest']);
// Offline: rendered anyway (not hydrated: the page's texts would not match), the router shows what it can.
const texts = loadTexts(['guest'], lang).then(
  () => true,
  () => false,
);

function mountApp(hydrateIt: boolean): void {
  void import('./app/mount').then(
    (m) => m.mountApp(root as HTMLElement, hydrateIt, texts),
    // The app's code did not arrive: the prerendered form works as a plain form.
    () => hydrated(),
  );
}

// The login page, as the visitor opens it, is hydrated as an island: the login form without the
// router (docs/decisions/0033). Reached with the router's state (a reload of the page the app sent
// a user to when their session ended), it is the app's.
const routerState = (window.history.state as { usr?: unknown } | null)?.usr;
if (hydrate && window.location.pathname === paths.login && !routerState) {
  void Promise.all([texts, import('./app/login-island')]).then(
    ([textsIn, island]) => (textsIn ? island.hydrateLoginIsland(root) : mountApp(false)),
    () => mountApp(false),
  );
} else {
  mountApp(hydrate);
}
