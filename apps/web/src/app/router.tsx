import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/feedback/page-loader';
import { AppLayout } from '../components/layout/app-layout';
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
        children: [{ path: '/login/:code?', ...screen(() => import('./routes/auth/login')) }],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
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
