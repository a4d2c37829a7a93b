import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/feedback/page-loader';
import type { RouteHandle } from '../components/layout/page-header';
import { paths } from '../config/paths';
import { SessionProvider } from '../lib/session';
import { GuestOnly, RequireSession } from './guards';

/** Each screen is its own chunk, loaded when first opened. */
function screen(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const crumb = (key: string): { handle: RouteHandle } => ({ handle: { crumb: key } });

function Root() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    HydrateFallback: PageLoader,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: '/login/:code?', ...screen(() => import('./routes/auth/login')) },
          // Customer accounts (SPEC §2 guest-only routes)
          { path: paths.register, ...screen(() => import('./routes/accounts/register')) },
          { path: paths.reset, ...screen(() => import('./routes/accounts/reset')) },
          { path: paths.resetMessage, ...screen(() => import('./routes/accounts/reset-message')) },
          { path: '/newpassword/:token', ...screen(() => import('./routes/accounts/new-password')) },
        ],
      },
      {
        // Account pages that need a session but no app shell: the activation code, recovery data.
        element: <RequireSession />,
        children: [
          { path: paths.message, ...screen(() => import('./routes/accounts/message')) },
          { path: '/recovery/:type?', ...screen(() => import('./routes/accounts/recovery')) },
        ],
      },
      // Emailed links and the recovery notice: open to guests and to the customer still signed in here.
      { path: '/activation/:token', ...screen(() => import('./routes/accounts/activation')) },
      { path: '/recoveryactivation/:token', ...screen(() => import('./routes/accounts/recovery-activation')) },
      { path: paths.recoveryMessage, ...screen(() => import('./routes/accounts/recovery-message')) },
      {
        element: <RequireSession />,
        children: [
          {
            // The shell (menu, drawer, header) is its own chunk: the login page never loads it.
            lazy: async () => ({ Component: (await import('./app-shell')).AppShell }),
            children: [
              { path: paths.home, element: <Navigate to={paths.dashboard} replace /> },
              {
                path: paths.dashboard,
                ...crumb('nav.dashboard'),
                ...screen(() => import('./routes/dashboard/dashboard')),
              },
              {
                path: paths.logs,
                ...crumb('nav.logs'),
                children: [
                  { index: true, ...screen(() => import('./routes/logs/logs-list')) },
                  { path: ':id', ...crumb('logs.entry'), ...screen(() => import('./routes/logs/log-detail')) },
                ],
              },
              { path: paths.managementLogs, ...crumb('nav.logs'), ...screen(() => import('./routes/logs/logs-list')) },
              // Users, administrators, roles (SPEC §2)
              {
                path: paths.users,
                ...crumb('usersUi.title'),
                children: [
                  { index: true, ...screen(() => import('./routes/users/users-list')) },
                  {
                    path: 'create',
                    ...crumb('usersUi.create_title'),
                    ...screen(() => import('./routes/users/user-create')),
                  },
                  {
                    path: 'admins',
                    ...crumb('admins.title'),
                    children: [
                      { index: true, ...screen(() => import('./routes/users/admins-list')) },
                      {
                        path: 'create',
                        ...crumb('admins.create_title'),
                        ...screen(() => import('./routes/users/admin-create')),
                      },
                    ],
                  },
                  {
                    path: 'admin/:id/edit',
                    ...crumb('admins.edit_title'),
                    ...screen(() => import('./routes/users/admin-edit')),
                  },
                  {
                    path: 'user/password/change/:id',
                    ...crumb('usersUi.password.title'),
                    ...screen(() => import('./routes/users/change-password')),
                  },
                  {
                    path: 'user/roles/:id',
                    ...crumb('rolesUi.assign_page.user_roles_title'),
                    ...screen(() => import('./routes/users/user-roles')),
                  },
                  {
                    path: ':id',
                    ...crumb('usersUi.profile'),
                    children: [
                      { index: true, ...screen(() => import('./routes/users/user-profile')) },
                      {
                        path: 'edit',
                        ...crumb('usersUi.edit_title'),
                        ...screen(() => import('./routes/users/user-edit')),
                      },
                    ],
                  },
                ],
              },
              {
                path: paths.roles,
                ...crumb('rolesUi.title'),
                children: [
                  { index: true, ...screen(() => import('./routes/roles/roles-list')) },
                  {
                    path: 'assign',
                    ...crumb('rolesUi.assign_page.title'),
                    ...screen(() => import('./routes/roles/roles-assign')),
                  },
                ],
              },
              {
                path: paths.managementRoles,
                ...crumb('rolesUi.title'),
                ...screen(() => import('./routes/roles/roles-list')),
              },
              // Staff: system settings and the review of recovery accounts (docs/decisions/0005)
              {
                path: paths.settings,
                ...crumb('settingsUi.title'),
                ...screen(() => import('./routes/settings/settings')),
              },
              {
                path: paths.recoveryAccounts,
                ...crumb('recoveryReview.title'),
                ...screen(() => import('./routes/settings/recovery-accounts')),
              },
            ],
          },
        ],
      },
      { path: paths.unauthorized, ...screen(() => import('./routes/errors/unauthorized')) },
      { path: paths.serverError, ...screen(() => import('./routes/errors/server-error')) },
      { path: paths.notFound, ...screen(() => import('./routes/errors/not-found')) },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
