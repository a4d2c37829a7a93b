import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { matchRoutes, Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../app/router';
import { paths } from '../config/paths';
import { renderRoutes } from '../test/render';
import { changeLanguage } from './i18n';
import { crumbsOf, DocumentTitle, parentOf, titleOf } from './route-meta';

/** Every path the route table opens, with its parameters filled in ("/users/:id" → "/users/5"). */
function pagesOf(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const own = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent;
    const here = route.lazy || route.Component || route.element ? [own] : [];
    return [...here.filter((p) => p && !route.children), ...(route.children ? pagesOf(route.children, own) : [])];
  });
}

const concrete = (pattern: string) =>
  pattern
    .replace(/\/:[a-z]+\?/gi, '')
    .replace(/:[a-z]+/gi, '5')
    .replace(/^\*$/, '/no/such/page');

const pages = [...new Set(pagesOf(routes).map(concrete))].filter((p) => p !== '/');

const matched = (path: string) =>
  (matchRoutes(routes, path) ?? []).map((m) => ({ pathname: m.pathname, params: m.params, handle: m.route.handle }));

describe('every page names itself (the browser tab title)', () => {
  it('has a title in Arabic and in English for every page of the route table', async () => {
    expect(pages.length).toBeGreaterThan(25);
    for (const lang of ['ar', 'en'] as const) {
      await changeLanguage(lang);
      for (const page of pages) {
        const key = titleOf(matched(page));
        expect(key, page).not.toBeNull();
        expect(i18next.exists(key as string), `${page}: ${key} (${lang})`).toBe(true);
      }
    }
  });

  it('sets the tab title "<page> — <app>" in the current language, and again when it changes', async () => {
    const table: RouteObject[] = [
      {
        element: (
          <>
            <DocumentTitle />
            <Outlet />
          </>
        ),
        children: [{ path: paths.roles, handle: { crumb: 'rolesUi.title' }, element: <h1>roles</h1> }],
      },
    ];
    await renderRoutes(table, { route: paths.roles });
    await screen.findByRole('heading', { name: 'roles' });
    await waitFor(() => expect(document.title).toBe('الأدوار والصلاحيات — بوابة الجمعيات'));
    await changeLanguage('en');
    await waitFor(() => expect(document.title).toBe('Roles and permissions — Associations Portal'));
  });
});

describe('breadcrumbs and the way back', () => {
  const crumbs = (path: string) => crumbsOf(matched(path)).map((c) => [c.path, c.label]);

  it('starts at the dashboard, once: no "Home / Dashboard" twice', () => {
    expect(crumbs('/dashboard')).toEqual([['/dashboard', 'nav.dashboard']]);
    expect(crumbs('/logs/7')).toEqual([
      ['/dashboard', 'nav.dashboard'],
      ['/logs', 'nav.logs'],
      ['/logs/7', 'logs.entry'],
    ]);
  });

  it('puts the administrators’ pages under "Administrators", not under the customers', () => {
    expect(crumbs('/users/admins')).toEqual([
      ['/dashboard', 'nav.dashboard'],
      ['/users/admins', 'admins.title'],
    ]);
    expect(crumbs('/users/admins/create')).toEqual([
      ['/dashboard', 'nav.dashboard'],
      ['/users/admins', 'admins.title'],
      ['/users/admins/create', 'admins.create_title'],
    ]);
    expect(crumbs('/users/admin/3/edit')).toEqual([
      ['/dashboard', 'nav.dashboard'],
      ['/users/admins', 'admins.title'],
      ['/users/3', 'usersUi.profile'],
      ['/users/admin/3/edit', 'admins.edit_title'],
    ]);
    expect(crumbs('/users/3/edit')).toEqual([
      ['/dashboard', 'nav.dashboard'],
      ['/users', 'usersUi.title'],
      ['/users/3', 'usersUi.profile'],
      ['/users/3/edit', 'usersUi.edit_title'],
    ]);
  });

  it('names one’s own edit page "edit my profile", and someone else’s by their kind', () => {
    const own = (path: string, viewer: number) => crumbsOf(matched(path), viewer).at(-1)?.label;
    expect(own('/users/3/edit', 3)).toBe('usersUi.edit_own_title');
    expect(own('/users/3/edit', 5)).toBe('usersUi.edit_title');
    expect(own('/users/admin/3/edit', 3)).toBe('usersUi.edit_own_title');
    expect(own('/users/admin/3/edit', 5)).toBe('admins.edit_title');
    expect(titleOf(matched('/users/3/edit'), 3)).toBe('usersUi.edit_own_title');
    expect(titleOf(matched('/users/3/edit'), 5)).toBe('usersUi.edit_title');
    expect(titleOf(matched('/users/3/edit'))).toBe('usersUi.edit_title');
    // Only the edit page: the profile and the password page keep their names.
    expect(titleOf(matched('/users/3'), 3)).toBe('usersUi.profile');
  });

  it('goes back to the parent page of the breadcrumb, never off the app', () => {
    const parent = (path: string) => parentOf(crumbsOf(matched(path)), path);
    expect(parent('/users/admin/3/edit')).toBe('/users/3');
    expect(parent('/users/3')).toBe('/users');
    expect(parent('/users')).toBe('/dashboard');
    expect(parent('/users/user/password/change/3')).toBe('/users/3');
    expect(parent('/dashboard')).toBeNull();
  });
});
