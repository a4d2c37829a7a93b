import { PERMISSIONS } from '@portal/shared/permissions';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import UserEditRoute from './user-edit';

const ME = makeUser({ id: 1, direct_permissions: [...PERMISSIONS] });
const ADMIN = makeUser({ id: 3, name: 'سارة إبراهيم', type: 'admin' });
const CUSTOMER = makeUser({ id: 4, name: 'منى حسن', type: 'user' });

const routes = [
  { path: '/users/:id/edit', Component: UserEditRoute },
  { path: '/users/admin/:id/edit', Component: UserEditRoute },
];

async function open(route: string) {
  signInAs(ME);
  stubApi((call) => {
    const user = [ME, ADMIN, CUSTOMER].find((u) => call.url === `/api/v1/users/${u.id}`);
    return user ? ok(user) : undefined;
  });
  return renderRoutes(routes, { route });
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
});
