import type { Permission } from '@portal/shared/permissions';
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accessOfPathIn, type RouteHandle, screensWithoutAccess } from '../lib/authorization';
import { ok, signInAs, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { RequireRouteAccess } from './route-access';
import { routes } from './router';

/** The signed-in shell's route in the real table (router.tsx gives it the id 'shell'). */
function shellRoute(table: RouteObject[]): RouteObject {
  for (const route of table) {
    if (route.id === 'shell') return route;
    const found = route.children ? shellRoute(route.children) : undefined;
    if (found) return found;
  }
  return undefined as unknown as RouteObject;
}

const Screen = ({ name }: { name: string }) => <h1>{name}</h1>;
const handle = (h: RouteHandle) => ({ handle: h });

/** A shell like the app's: the one guard in place of the outlet, screens declaring their access. */
const table: RouteObject[] = [
  {
    element: <RequireRouteAccess />,
    children: [
      { path: '/open', ...handle({ access: 'authenticated' }), element: <Screen name="open to all" /> },
      {
        path: '/logs',
        ...handle({ crumb: 'nav.logs' }),
        children: [
          { index: true, ...handle({ access: 'logs.index' }), element: <Screen name="the log" /> },
          { path: ':id', ...handle({ access: 'logs.view' }), element: <Screen name="one entry" /> },
        ],
      },
      // Forgot to declare: denied, never open.
      { path: '/forgotten', element: <Screen name="forgotten" /> },
    ],
  },
];

async function openAs(permissions: Permission[], route: string) {
  const me = makeUser({ direct_permissions: permissions });
  signInAs(me);
  stubApi((call) => (call.url === `/api/v1/users/${me.id}` ? ok(me) : undefined));
  return renderRoutes(table, { route, lang: 'en' });
}

describe('the route-declared screen guard', () => {
  it('opens a screen to the holder of the permission its route declares', async () => {
    await openAs(['logs.index'], '/logs');
    expect(await screen.findByRole('heading', { name: 'the log' })).toBeInTheDocument();
  });

  it('reads the deepest matched route: the entry needs logs.view, not the list’s logs.index', async () => {
    await openAs(['logs.index'], '/logs/7');
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'one entry' })).toBeNull();
  });

  it('opens an `authenticated` screen to anyone signed in', async () => {
    await openAs([], '/open');
    expect(await screen.findByRole('heading', { name: 'open to all' })).toBeInTheDocument();
  });

  it('denies a screen whose route declares no access', async () => {
    await openAs(['logs.index', 'logs.view'], '/forgotten');
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'forgotten' })).toBeNull();
  });
});

describe('access declared on every shell screen', () => {
  it('finds no screen under the signed-in shell without a permission or `authenticated`', () => {
    const shell = shellRoute(routes);
    expect(shell?.children?.length).toBeGreaterThan(0);
    expect((shell.children ?? []).flatMap((child) => screensWithoutAccess(child))).toEqual([]);
  });

  it('would fail on a screen that forgot to declare it', () => {
    const forgetful: RouteObject = {
      path: '/things',
      handle: { crumb: 'x' },
      children: [
        { index: true, handle: { access: 'users.index' }, element: <Screen name="list" /> },
        { path: 'new', handle: { crumb: 'y' }, element: <Screen name="new" /> },
      ],
    };
    expect(screensWithoutAccess(forgetful)).toEqual(['/things/new']);
  });

  it('declares what each screen needs, as SPEC §6 says', () => {
    const accessOf = accessOfPathIn(routes);
    expect(accessOf('/users')).toBe('users.index');
    expect(accessOf('/users/create')).toBe('users.put');
    expect(accessOf('/users/admins/create')).toBe('users.put');
    expect(accessOf('/users/user/roles/5')).toBe('roles.assign');
    expect(accessOf('/users/5')).toBe('authenticated');
    expect(accessOf('/users/5/edit')).toBe('authenticated');
    expect(accessOf('/logs/5')).toBe('logs.view');
    expect(accessOf('/management/logs')).toBe('logs.index');
    expect(accessOf('/roles/assign')).toBe('roles.assign');
    expect(accessOf('/recovery-accounts')).toBe('users.index');
  });
});
