import { type UIMatch, useMatches } from 'react-router';
import { paths } from '../config/paths';
import type { Crumb, RouteHandle } from './authorization';
import { useDocumentTitle } from './document-title';
import { useSession } from './session';

/** The breadcrumb's first crumb on every signed-in page: the dashboard, which is home. */
export const HOME_CRUMB: Crumb = { path: paths.dashboard, label: 'nav.dashboard' };

type Match = Pick<UIMatch, 'pathname' | 'params' | 'handle'>;

function handleOf(match: Match): RouteHandle {
  const handle = match.handle;
  return handle !== null && typeof handle === 'object' ? (handle as RouteHandle) : {};
}

/** The route's crumb, or its `ownCrumb` when its `:id` is the viewer (0 or none: nobody signed in). */
function crumbOf(match: Match, viewerId?: number): string | undefined {
  const { crumb, ownCrumb } = handleOf(match);
  const own = ownCrumb !== undefined && viewerId !== undefined && viewerId > 0 && match.params.id === String(viewerId);
  return own ? ownCrumb : crumb;
}

/**
 * The breadcrumb of the matched routes (router.tsx handles): the dashboard first, then each
 * route's crumb, where a `trail` replaces what the routes above it said. The dashboard is
 * never listed twice ("Dashboard / Dashboard"). The last crumb is the page itself. `viewerId`: the
 * signed-in user, whose own pages take their routes' `ownCrumb`.
 */
export function crumbsOf(matches: readonly Match[], viewerId?: number): Crumb[] {
  let crumbs: Crumb[] = [];
  for (const match of matches) {
    const { trail } = handleOf(match);
    const crumb = crumbOf(match, viewerId);
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

/**
 * The page's title key: the deepest route's `title`, else the deepest crumb (its `ownCrumb` on the
 * viewer's own page); none for a route that names none.
 */
export function titleOf(matches: readonly Match[], viewerId?: number): string | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i] as Match;
    const { title } = handleOf(match);
    const crumb = crumbOf(match, viewerId);
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
  useDocumentTitle(titleOf(useMatches(), useSession().user?.id));
  return null;
}
