import type { TLoginResponseData } from '@portal/shared/schemas/auth';
import { StrictMode, useEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { Toaster } from '../components/guest/toaster';
import { LoginPage, landingAfterLogin } from '../features/auth/components/login-page';
import { useDocumentTitle } from '../lib/document-title';
import { hydrated } from '../lib/hydration';
import { setNavigator } from '../lib/navigation';
import { writeSession } from '../lib/session-store';

type AppModule = typeof import('./mount');

/**
 * The login page as an island (docs/decisions/0033): the prerendered page is hydrated with the
 * login form alone — React, its texts, its validation — without the router, the query client or
 * any other screen (the login's first JavaScript: 147 → 99 KB gzip, `npm run bench:bundle`). The
 * rest of the app (app/mount.tsx) downloads once the page is loaded and idle; signing in or
 * following a link then hands the page over to it, without a reload.
 */
export function hydrateLoginIsland(root: HTMLElement): void {
  let app: Promise<AppModule> | null = null;
  const loadApp = (): Promise<AppModule> => {
    app ??= import('./mount');
    app.catch(() => {
      app = null; // a failed download is tried again next time
    });
    return app;
  };
  let island: Root | null = null;
  let leaving = false;
  const continueTo = (to: string, signedIn?: TLoginResponseData): void => {
    const current = island;
    // One way out: a second click on a link while the app arrives does nothing more.
    if (leaving || !current) return;
    leaving = true;
    void loadApp().then(
      (m) => m.handOver(root, current, to, signedIn),
      () => {
        // The app's code did not arrive: the next page loads in full.
        if (signedIn) writeSession({ token: signedIn.access_token, userId: signedIn.user.id });
        window.location.assign(to);
      },
    );
  };
  // The page's links (register, reset, contact) open their page in the app.
  setNavigator((to) => continueTo(to));

  function LoginIsland() {
    // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first render.
    useEffect(() => hydrated(), []);
    // The tab's title follows a language switch, as the app's does (the page's route title).
    useDocumentTitle('auth.login');
    return (
      <>
        <LoginPage
          // The signed-in screens use antd: download it (and the app) while the server checks the password.
          onSubmit={() =>
            void loadApp().then(
              (m) => m.preloadAntd().catch(() => undefined),
              () => undefined,
            )
          }
          onSuccess={(data) => continueTo(landingAfterLogin(data), data)}
        />
        <Toaster />
      </>
    );
  }

  island = hydrateRoot(
    root,
    <StrictMode>
      <LoginIsland />
    </StrictMode>,
  );
  // The rest of the app once the page has loaded and the browser is idle: it never competes with
  // the login's own code, and is in the cache by the time the visitor signs in.
  const load = () => void loadApp().catch(() => undefined);
  // Safari has no requestIdleCallback.
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: 3000 }) : setTimeout(load, 200);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
