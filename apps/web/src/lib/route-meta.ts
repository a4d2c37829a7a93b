import { type UIMatch, useMatches } from 'react-router';
import { paths } from '../config/paths';
import type { Crumb, RouteHandle } from './authorization';
import { useDocumentTitle } from './document-title';

/** The breadcrumb's first crumb on every signed-in page: the dashboard, which is home. */
export const HOME_CRUMB: Crumb = { path: paths.dashboard, label: 'nav.dashboard' };

type Match = Pick<UIMatch, 'pathname' | 'params' | 'handle'>;

function handleOf(match: Match): RouteHandle {
  const handle = match.handle;
  return handle !== null && typeof handle === 'object' ? (handle as RouteHandle) : {};
}

/**
 * The breadcrumb of the matched routes (router.tsx handles): the dashboard first, then each
 * route's crumb, where a `trail` replaces what the routes above it said. The dashboard is
 * never listed twice ("Dashboard / Dashboard"). The last crumb is the page itself.
 */
export function crumbsOf(matches: readonly Match[]): Crumb[] {
  let crumbs: Crumb[] = [];
  for (const match of matches) {
    const { crumb, trail } = handleOf(match);
    if (trail) crumbs = trail(match.params);
    if (crumb) crumbs.push({ path: match.pathname, label: crumb });
  }
  return [HOME_CRUMB, ...crumbs.filter((c) => c.path !== HOME_CRUMB.path)];
}

/** Where "back" goes when the app has no page of its own to go back to: the crumb before this page. */
export function parentOf(crumbs: readonly Crumb[], pathname: string): string | null {
  const here = pathname.replace(/\/+$/, '') || '/';
  const before = crumbs.filter((c) => c.path.replace(/\/+$/, '') !== here);
  return before.at(-1)?.path ?? null;
}

/** The page's title key: the deepest route's `title`, else the deepest crumb; none for a route that names none. */
export function titleOf(matches: readonly Match[]): string | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const { title, crumb } = handleOf(matches[i] as Match);
    if (title) return title;
    if (crumb) return crumb;
  }
  return null;
}

/**
 * Sets the browser tab's title from the matched routes (router.tsx: each page's `title` or
 * `crumb`), in the current language, and again when the language or the page changes.
 * Rendered once, at the root of the router.
 */
export function DocumentTitle(): null {
  useDocumentTitle(titleOf(useMatches()));
  return null;
}
