import type { Locale } from '@portal/shared/constants';
import { PERMISSIONS } from '@portal/shared/permissions';
import type { TUser } from '@portal/shared/schemas/auth';
import { screen, waitFor } from '@testing-library/react';
import { matchRoutes, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DocumentTitle } from '../../../lib/route-meta';
import { ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { routes as appRoutes } from '../../router';
import UserEditRoute from './user-edit';

const ME = makeUser({ id: 1, direct_permissions: [...PERMISSIONS] });
const ADMIN = makeUser({ id: 3, name: 'سارة إبراهيم', type: 'admin' });
const CUSTOMER = makeUser({ id: 4, name: 'منى حسن', type: 'user' });

/** The app's own handle of a path (its crumb, its `ownCrumb`), so the tab title is the router's. */
const handleOf = (path: string) => matchRoutes(appRoutes, path)?.at(-1)?.route.handle;

const routes = [
  {
    element: (
      <>
        <DocumentTitle />
        <Outlet />
      </>
    ),
    children: [
      { path: '/users/:id/edit', handle: handleOf('/users/1/edit'), Component: UserEditRoute },
      { path: '/users/admin/:id/edit', handle: handleOf('/users/admin/1/edit'), Component: UserEditRoute },
    ],
  },
];

async function open(route: string, { as = ME, lang = 'ar' }: { as?: TUser; lang?: Locale } = {}) {
  signInAs(as);
  stubApi((call) => {
    const user = [ME, ADMIN, CUSTOMER].find((u) => call.url === `/api/v1/users/${u.id}`);
    return user ? ok(user) : undefined;
  });
  return renderRoutes(routes, { route, lang });
}

describe('the edit page of a user', { timeout: 60_000 }, () => {
  it('opens an administrator at the administrators’ path, whose crumb says "edit administrator" as the heading does', async () => {
    const { router } = await open('/users/3/edit');
    expect(await screen.findByRole('heading', { name: 'تعديل بيانات المسؤول' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/admin/3/edit');
  });

  it('opens a customer at the customers’ path', async () => {
    const { router } = await open('/users/admin/4/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/4/edit'));
    expect(await screen.findByRole('heading', { name: 'تعديل بيانات المستخدم' })).toBeInTheDocument();
  });

  it('says "edit user" in the heading and the tab title when staff edit someone else', async () => {
    await open('/users/4/edit');
    expect(await screen.findByRole('heading', { name: 'تعديل بيانات المستخدم' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('تعديل بيانات المستخدم — بوابة الجمعيات'));
    expect(screen.queryByText('تعديل ملفي الشخصي')).not.toBeInTheDocument();
  });

  it('says "edit my profile" to a member editing themselves, in the heading and the tab title', async () => {
    await open('/users/4/edit', { as: CUSTOMER });
    expect(await screen.findByRole('heading', { name: 'تعديل ملفي الشخصي' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('تعديل ملفي الشخصي — بوابة الجمعيات'));
    expect(screen.queryByText('تعديل بيانات المستخدم')).not.toBeInTheDocument();
  });

  it('says "Edit my profile" in English too', async () => {
    await open('/users/4/edit', { as: CUSTOMER, lang: 'en' });
    expect(await screen.findByRole('heading', { name: 'Edit my profile' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Edit my profile — Associations Portal'));
  });

  it('says "edit my profile" to an administrator editing themselves at the administrators’ path', async () => {
    await open('/users/admin/1/edit');
    expect(await screen.findByRole('heading', { name: 'تعديل ملفي الشخصي' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('تعديل ملفي الشخصي — بوابة الجمعيات'));
    expect(screen.queryByText('تعديل بيانات المسؤول')).not.toBeInTheDocument();
  });
});
