import { registerSW } from 'virtual:pwa-register';
import { createRoot, type Root } from 'react-dom/client';
import { loadScreenTexts } from '../lib/i18n';
import { UpdateToast } from './update-toast';
import './pwa.css';

/**
 * Registers the service worker (src/sw/sw.ts), from the app's entry once the page has loaded: this
 * module and workbox-window are a chunk of their own, never part of a page's first JavaScript
 * (docs/decisions/0032-pwa.md).
 *
 * A new version is downloaded by the browser in the background; it waits, and opens by itself the
 * next time the app is opened (every tab of the old one closed). Meanwhile a toast says it is
 * ready; only its "Open it now" reloads the page. A long-open tab looks for one again when it comes
 * back into view, at most once an hour.
 */
const RECHECK_MS = 60 * 60_000;

let toast: Root | null = null;
/** What "Open it now" does: let the waiting version take over, or (already taken over) reload. */
let openNow: () => void = () => undefined;
let asked = false;

async function showUpdateToast(): Promise<void> {
  if (toast) return;
  await loadScreenTexts(['pwa']).catch(() => undefined);
  const host = document.createElement('div');
  document.body.append(host);
  toast = createRoot(host);
  toast.render(
    <UpdateToast
      onApply={() => {
        asked = true;
        openNow();
      }}
      onClose={() => {
        toast?.unmount();
        toast = null;
        host.remove();
      }}
    />,
  );
}

export function registerServiceWorker(): void {
  let checked = Date.now();
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => {
      openNow = () => void update(true);
      void showUpdateToast();
    },
    // The new version took this tab: reload only if this tab asked for it; another tab's "Open it
    // now" must not reload this one under the person's fingers (it offers the toast instead).
    onNeedReload: () => {
      openNow = () => window.location.reload();
      if (asked) openNow();
      else void showUpdateToast();
    },
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState !== 'visible' || Date.now() - checked < RECHECK_MS) return;
        checked = Date.now();
        void registration.update().catch(() => undefined);
      });
    },
    // Service workers refused (a private window, a locked-down browser): the site works as before.
    onRegisterError: () => undefined,
  });
}
