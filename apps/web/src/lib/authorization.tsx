import type { Permission } from '@portal/shared/permissions';
import type { Viewer } from '@portal/shared/policy';
import { type ReactNode, useMemo } from 'react';
import { matchRoutes, type RouteObject, type UIMatch } from 'react-router';
import { useSession } from './session';

/** Whether the signed-in user holds a permission (from a role or directly). */
export function useCan(): (permission: Permission) => boolean {
  const { permissions } = useSession();
  return (permission) => permissions.has(permission);
}

/** Renders its children only for users holding the permission; the server checks again. */
export function Can({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan()(permission) ? children : null;
}

/**
 * The signed-in user as packages/shared/src/policy.ts sees them, for the object rules
 * (`userPolicy.edit(viewer, id)`…). Before the session loads, an id no record has.
 */
export function useViewer(): Viewer {
  const { user, permissions } = useSession();
  const id = user?.id ?? 0;
  return useMemo(() => ({ id, permissions }), [id, permissions]);
}

/* ------------------------------------------------------------ route access */

/**
 * Who may open a screen, declared once on its route (router.tsx `handle.access`):
 * a permission, any of several (`{ anyOf }`), or `authenticated` for any signed-in user (the screen's own
 * object rule, e.g. "oneself or users.view", decides the rest).
 */
export type RouteAccess = Permission | 'authenticated' | { anyOf: readonly Permission[] };

/** A breadcrumb: where it leads and its label (a catalogue key). */
export type Crumb = { path: string; label: string };

/**
 * Route metadata (router.tsx `handle`):
 * - `crumb`: the breadcrumb label of the route (a catalogue key), also the page's title unless `title` says;
 * - `title`: the browser tab title of a page without a crumb (guest pages, the dashboard);
 * - `ownCrumb`: the crumb (and title) instead of `crumb` when the route's `:id` is the signed-in user
 *   (one's own edit page says "Edit my profile", not "Edit user");
 * - `trail`: the crumbs before this one when they are not the parent routes' (the administrators live
 *   under /users but are not a kind of customer): replaces the crumbs of the routes above it;
 * - `access`: who may open the screen.
 */
export type RouteHandle = {
  crumb?: string;
  title?: string;
  ownCrumb?: string;
  trail?: (params: Readonly<Record<string, string | undefined>>) => Crumb[];
  access?: RouteAccess;
};

function handleOf(route: { handle?: unknown } | undefined): RouteHandle | undefined {
  const handle = route?.handle;
  return handle !== null && typeof handle === 'object' ? (handle as RouteHandle) : undefined;
}

/** The access of the deepest matched route, the screen shown (undefined when it declares none). */
export function accessOfMatches(matches: readonly Pick<UIMatch, 'handle'>[]): RouteAccess | undefined {
  return handleOf(matches.at(-1))?.access;
}

/** Whether a signed-in user holding `can` may open a screen of this access; none declared means no. */
export function allows(access: RouteAccess | undefined, can: (permission: Permission) => boolean): boolean {
  if (access === undefined) return false;
  if (access === 'authenticated') return true;
  return typeof access === 'string' ? can(access) : access.anyOf.some(can);
}

/** The access of the screen a path opens, read from a route table (the sidebar's entries use it). */
export type AccessOfPath = (path: string) => RouteAccess | undefined;

export function accessOfPathIn(routes: RouteObject[]): AccessOfPath {
  return (path) => {
    const matches = matchRoutes(routes, path);
    return matches ? handleOf(matches.at(-1)?.route)?.access : undefined;
  };
}

/**
 * Screens (routes that render something) under `route` that declare no access:
 * a test fails on any, so no screen is silently open to every signed-in user.
 */
export function screensWithoutAccess(route: RouteObject, parentPath = ''): string[] {
  const here = route.index ? `${parentPath} (index)` : joinPath(parentPath, route.path);
  const renders = Boolean(route.lazy || route.Component || route.element);
  const missing = renders && handleOf(route)?.access === undefined ? [here || '/'] : [];
  return [...missing, ...(route.children ?? []).flatMap((child) => screensWithoutAccess(child, here))];
}

function joinPath(parent: string, path: string | undefined): string {
  if (!path) return parent;
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}
