import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { ok, signInAs, stubApi } from '../../test/api-stub';
import { makeUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { PageHeader } from './page-header';
import { Sidebar } from './sidebar';

/** A shell like the app's: the page header above the page, routes with the handles of app/router.tsx. */
const table: RouteObject[] = [
  {
    element: (
      <>
        <PageHeader />
        <Outlet />
      </>
    ),
    children: [
      { path: paths.dashboard, handle: { title: 'nav.dashboard' }, element: <h1>dashboard</h1> },
      {
        path: paths.users,
        handle: { crumb: 'usersUi.title' },
        children: [
          {
            index: true,
            element: (
              <>
                <h1>customers</h1>
                <Link to="/users/5">open 5</Link>
              </>
            ),
          },
          {
            path: ':id',
            handle: { crumb: 'usersUi.profile' },
            children: [
              { index: true, element: <h1>profile</h1> },
              { path: 'edit', handle: { crumb: 'usersUi.edit_title' }, element: <h1>edit</h1> },
            ],
          },
        ],
      },
      { path: paths.message, element: <h1>activation code</h1> },
    ],
  },
];

function Header({ accessOf }: { accessOf: (path: string) => 'users.index' | 'authenticated' }) {
  return (
    <>
      <PageHeader accessOf={accessOf} />
      <Outlet />
    </>
  );
}

async function open(route: string, user = makeUser()) {
  signInAs(user);
  stubApi((call) => (call.url === `/api/v1/users/${user.id}` ? ok(user) : undefined));
  return renderRoutes(table, { route });
}

describe('the page header', { timeout: 60_000 }, () => {
  it('goes to the parent page when the page was opened directly, never off the app', async () => {
    const { router } = await open('/users/5/edit');
    await screen.findByRole('heading', { name: 'edit' });
    fireEvent.click(screen.getByTestId('back-button'));
    await screen.findByRole('heading', { name: 'profile' });
    expect(router.state.location.pathname).toBe('/users/5');
  });

  it('goes back to the previous page of the app when there is one', async () => {
    const { router } = await open('/users');
    fireEvent.click(await screen.findByRole('link', { name: 'open 5' }));
    await screen.findByRole('heading', { name: 'profile' });
    fireEvent.click(screen.getByTestId('back-button'));
    await screen.findByRole('heading', { name: 'customers' });
    expect(router.state.location.pathname).toBe('/users');
  });

  it('shows the dashboard once in the breadcrumb, and no way back from it when opened directly', async () => {
    await open('/dashboard');
    await screen.findByRole('heading', { name: 'dashboard' });
    const nav = screen.getByRole('navigation');
    expect(nav).toHaveTextContent('لوحة التحكم');
    expect(nav.textContent?.match(/لوحة التحكم/g)).toHaveLength(1);
    expect(nav).not.toHaveTextContent('الرئيسية');
    expect(screen.getByTestId('back-button')).toBeDisabled();
  });

  it('reminds a customer who has not activated their email, on every page, with the way to do it', async () => {
    const customer = makeUser({ id: 8, type: 'user', email_verified: false });
    const { router } = await open('/users', customer);
    const reminder = await screen.findByTestId('activation-reminder');
    expect(reminder).toHaveTextContent('لم تفعّل حسابك بعد');
    fireEvent.click(screen.getByRole('link', { name: 'تفعيل الحساب' }));
    await screen.findByRole('heading', { name: 'activation code' });
    expect(router.state.location.pathname).toBe(paths.message);
  });

  it('shows a crumb the user may not open as text, and goes back past it to one they may', async () => {
    const customer = makeUser({ id: 5, type: 'user' });
    signInAs(customer);
    stubApi((call) => (call.url === `/api/v1/users/${customer.id}` ? ok(customer) : undefined));
    // As the app's route table says: the customers' list needs users.index, a profile does not.
    const accessOf = (path: string): 'users.index' | 'authenticated' =>
      path === paths.users ? 'users.index' : 'authenticated';
    const guarded: RouteObject[] = [{ ...table[0], element: <Header accessOf={accessOf} /> }];
    const { router } = await renderRoutes(guarded, { route: '/users/5/edit' });
    await screen.findByRole('heading', { name: 'edit' });
    const nav = screen.getByRole('navigation');
    expect(nav).toHaveTextContent('المستخدمون');
    expect(screen.queryByRole('link', { name: 'المستخدمون' })).toBeNull();
    expect(screen.getByRole('link', { name: 'الملف الشخصي' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('back-button'));
    await screen.findByRole('heading', { name: 'profile' });
    expect(router.state.location.pathname).toBe('/users/5');
  });

  it('does not remind an activated customer or a staff member', async () => {
    await open('/users', makeUser({ id: 8, type: 'user', email_verified: true }));
    await screen.findByRole('heading', { name: 'customers' });
    await waitFor(() => expect(screen.getByText('المستخدمون')).toBeInTheDocument());
    expect(screen.queryByTestId('activation-reminder')).toBeNull();
  });
});

describe('the sidebar', { timeout: 60_000 }, () => {
  it('shows the brand beside the menu, but not in the phone drawer, whose title shows it', async () => {
    const user = makeUser();
    const table: RouteObject[] = [
      {
        path: '*',
        element: (
          <>
            <div data-testid="wide">
              <Sidebar accessOf={() => 'authenticated'} />
            </div>
            <div data-testid="drawer">
              <Sidebar accessOf={() => 'authenticated'} onNavigate={() => undefined} />
            </div>
          </>
        ),
      },
    ];
    signInAs(user);
    stubApi((call) => (call.url === `/api/v1/users/${user.id}` ? ok(user) : undefined));
    await renderRoutes(table, { route: '/dashboard' });
    await waitFor(() => expect(screen.getByTestId('wide')).toHaveTextContent('بوابة الجمعيات'));
    expect(screen.getByTestId('drawer')).not.toHaveTextContent('بوابة الجمعيات');
    // The sidebar and the page agree: "Administrators", not "Administration".
    expect(screen.getByTestId('wide')).toHaveTextContent('المسؤولون');
  });
});
