import type { TLoginResponseData } from '@portal/shared/schemas/auth';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { hydrated } from '../lib/hydration';
import { loadTexts } from '../lib/i18n';
import { keepSignIn } from '../lib/session';
import { App, startApp } from './app';
import { loadRoutesFor } from './router';

// The login island starts downloading antd with this module when a valid form is sent.
export { preloadAntd } from './antd-boundary';

function render(root: HTMLElement, app = startApp()): void {
  createRoot(root).render(
    <StrictMode>
      <App {...app} />
    </StrictMode>,
  );
}

/** The guest pages' forms' texts, which the login island does not load (lib/i18n.ts): true once in. */
const formTexts = () =>
  loadTexts(['forms']).then(
    () => true,
    () => false,
  );

/**
 * The app in `root`, once the language's guest texts (`texts`) and the forms' are in: a page
 * prerendered at build time (docs/decisions/0033) is hydrated (`hydrate`), its screen loaded first
 * so that the router's first render is exactly the prerendered tree; any other page is rendered
 * afresh.
 */
export function mountApp(root: HTMLElement, hydrate: boolean, texts: Promise<boolean>): void {
  const screen = hydrate ? loadRoutesFor(window.location) : undefined;
  const app = hydrate ? undefined : startApp();
  void Promise.all([texts, formTexts(), screen]).then(
    ([guestIn, formsIn]) => {
      if (!hydrate || !guestIn || !formsIn) {
        hydrated();
        return render(root, app);
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
      render(root, app);
    },
  );
}

/**
 * From the login island (app/login-island.tsx) to the app, in the same page, no reload: once the
 * forms' texts are in (the island stays meanwhile), the island goes and the app starts at `to`,
 * signed in when `signedIn` is the login's answer. Its first frame (the shell's skeleton, or the
 * spinner while a guest screen downloads) is drawn at once, so the page is never blank in between.
 */
export async function handOver(
  root: HTMLElement,
  island: Root,
  to: string,
  signedIn?: TLoginResponseData,
): Promise<void> {
  await formTexts();
  island.unmount();
  // After signing in the login page is not a step back to (the guest guard's `replace` in the app).
  if (signedIn) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  const app = startApp();
  if (signedIn) keepSignIn(app.queryClient, signedIn);
  const next = createRoot(root);
  flushSync(() =>
    next.render(
      <StrictMode>
        <App {...app} />
      </StrictMode>,
    ),
  );
}
