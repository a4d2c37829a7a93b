/**
 * The guest pages rendered to HTML at build time, in each language (docs/decisions/0033): built for
 * Node by the prerender plugin (apps/web/prerender-plugin.ts) and run once per page and language.
 * It renders the app's own tree (App, the same routes, a memory router at the page's path) so that
 * the browser hydrates exactly what it would have rendered (app/mount.tsx). The login page is
 * hydrated by its island (app/login-island.tsx), whose tree renders the same HTML: the router and
 * the providers around a light guest page add no element of their own.
 */
import type { Locale } from '@portal/shared/constants';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { loadRoutesFor, routes } from './app/router';
import { documentTitle } from './lib/document-title';
import { initI18n, loadTexts } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { titleOf } from './lib/route-meta';

export { LOCALES } from '@portal/shared/constants';

export type PrerenderedPage = {
  /** What goes inside #root. */
  html: string;
  /** The tab's title, as DocumentTitle sets it in the browser. */
  title: string;
  /** The page's description (its <meta name="description">), in its language. */
  description: string;
};

export async function render(pathname: string, lang: Locale): Promise<PrerenderedPage> {
  initI18n(lang, ['guest', 'forms']);
  await loadTexts(['guest', 'forms'], lang);
  await i18next.changeLanguage(lang);
  await loadRoutesFor({ pathname });
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App router={router} queryClient={createQueryClient()} />
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const matches = router.state.matches.map((m) => ({ pathname: m.pathname, params: m.params, handle: m.route.handle }));
  const title = documentTitle(titleOf(matches), (key) => i18next.t(key));
  router.dispose();
  return { html, title, description: i18next.t('app.description') };
}
