import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type Location,
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  useMatches,
  useNavigation,
} from 'react-router';
import { GuestLoader } from '../components/guest/spinner';
import { paths } from '../config/paths';
import type { Crumb, RouteAccess, RouteHandle } from '../lib/authorization';
import { loadScreenTexts } from '../lib/i18n';
import { DocumentTitle } from '../lib/route-meta';
import { SessionProvider } from '../lib/session';
import { AntdBoundary, isShell, type LeanHandle, ShellSkeletonFallback } from './antd-boundary';
import { GuestOnly, RequireSession } from './guards';

/** Each screen is its own chunk, loaded when first opened. */
/**
 * A lazily loaded screen; `texts`: the screen texts it needs (locales/<lang>/screens/<name>.json,
 * lib/i18n.ts loadScreenTexts), downloaded with it.
 */
function screen(
  load: () => Promise<{ default: ComponentType }>,
  texts: readonly string[] = [],
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [module] = await Promise.all([load(), loadScreenTexts(texts)]);
      return { Component: module.default };
    },
  };
}

const crumb = (key: string): { handle: RouteHandle } => ({ handle: { crumb: key } });

/**
 * A screen of the signed-in shell: who may open it (a permission, or `authenticated`),
 * declared here once; the shell's guard and the sidebar read it (lib/authorization.tsx).
 */
const access = (to: RouteAccess, crumbKey?: string): { handle: RouteHandle } => ({
  handle: crumbKey ? { crumb: crumbKey, access: to } : { access: to },
});

/** A light guest page: plain HTML controls, no antd (DESIGN §5, app/antd-boundary.tsx); `title`: its tab title. */
const lean = (title: string): { handle: LeanHandle & RouteHandle } => ({ handle: { lean: true, title } });

/** Administrators live under /users but are not customers: their pages' crumbs say "Administrators". */
const adminTrail = ({ id = '' }: Readonly<Record<string, string | undefined>>): Crumb[] => [
  { path: paths.admins, label: 'admins.title' },
  { path: paths.user(id), label: 'usersUi.profile' },
];

/** Whether a location opens a screen of the signed-in shell. */
function opensShell(location: Pick<Location, 'pathname'>): boolean {
  return isShell(matchRoutes(routes, location) ?? []);
}

function Root() {
  const navigation = useNavigation();
  const here = useMatches();
  // On the way into the shell from outside it (the login, a guest page, the recovery form), the
  // page being left would stay blank while the shell and its screen download: the shell's
  // skeleton shows at once instead (issue 22 item 6). Within the shell the screen stays until the
  // next one is there, as before.
  const entering = navigation.location !== undefined && !isShell(here) && opensShell(navigation.location);
  return (
    <SessionProvider>
      <DocumentTitle />
      {entering ? (
        <ShellSkeletonFallback />
      ) : (
        <AntdBoundary>
          <Outlet />
        </AntdBoundary>
      )}
    </SessionProvider>
  );
}

/** The first screen's download on a fresh page: the shell's skeleton for a shell screen, else the spinner. */
function StartFallback() {
  return opensShell(window.location) ? <ShellSkeletonFallback /> : <GuestLoader />;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    HydrateFallback: StartFallback,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: '/login/:code?', ...lean('auth.login'), ...screen(() => import('./routes/auth/login')) },
          // Customer accounts (SPEC §2 guest-only routes)
          {
            path: paths.register,
            ...lean('accountsUi.register.title'),
            ...screen(() => import('./routes/accounts/register')),
          },
          { path: paths.reset, ...lean('accountsUi.reset.title'), ...screen(() => import('./routes/accounts/reset')) },
          {
            path: paths.resetMessage,
            ...lean('accountsUi.reset.message_title'),
            ...screen(() => import('./routes/accounts/reset-message')),
          },
          {
            path: '/newpassword/:token',
            ...lean('accountsUi.reset.new_title'),
            ...screen(() => import('./routes/accounts/new-password')),
          },
        ],
      },
      {
        // Account pages that need a session but no app shell: the activation code, recovery data.
        element: <RequireSession />,
        children: [
          {
            path: paths.message,
            ...lean('accountsUi.message.title'),
            ...screen(() => import('./routes/accounts/message')),
          },
          // The recovery data form is a long antd form: it loads antd with it.
          {
            path: '/recovery/:type?',
            handle: { title: 'accountsUi.recovery.title' },
            ...screen(() => import('./routes/accounts/recovery')),
          },
        ],
      },
      // Emailed links and the recovery notice: open to guests and to the customer still signed in here.
      {
        path: '/activation/:token',
        ...lean('accountsUi.activation.title'),
        ...screen(() => import('./routes/accounts/activation')),
      },
      {
        path: '/recoveryactivation/:token',
        ...lean('accountsUi.activation.recovery_title'),
        ...screen(() => import('./routes/accounts/recovery-activation')),
      },
      {
        path: paths.recoveryMessage,
        ...lean('accountsUi.recovery.received_title'),
        ...screen(() => import('./routes/accounts/recovery-message')),
      },
      // A guest writes to the administration (docs/decisions/0022): a light guest page, like the login.
      {
        path: paths.contact,
        ...lean('contactsUi.form.title'),
        ...screen(() => import('./routes/tickets/contact')),
      },
      {
        element: <RequireSession />,
        children: [
          {
            // The shell (menu, drawer, header) is its own chunk: the login page never loads it.
            // Every screen under it declares its access (a test fails on one that does not).
            id: 'shell',
            lazy: async () => {
              // The route table's access lookup is handed to the shell, which never imports this file.
              const [{ AppShell }, { accessOfPathIn }] = await Promise.all([
                import('./app-shell'),
                import('../lib/authorization'),
              ]);
              const accessOf = accessOfPathIn(routes);
              return { Component: () => <AppShell accessOf={accessOf} /> };
            },
            children: [
              { path: paths.home, ...access('authenticated'), element: <Navigate to={paths.dashboard} replace /> },
              {
                // Home: the breadcrumb's first crumb already names it (lib/route-meta.ts).
                path: paths.dashboard,
                handle: { access: 'authenticated', title: 'nav.dashboard' },
                ...screen(() => import('./routes/dashboard/dashboard'), ['members', 'requests']),
              },
              // The customer's own area (issue 11, docs/decisions/0018-members.md): any signed-in user may open it,
              // and the server answers with the caller's own records only.
              {
                path: paths.myAssociations,
                ...crumb('membersUi.nav.associations'),
                children: [
                  {
                    index: true,
                    ...access('authenticated'),
                    ...screen(() => import('./routes/my/my-associations'), ['members']),
                  },
                  {
                    path: 'open',
                    ...access('authenticated', 'membersUi.open.title'),
                    ...screen(() => import('./routes/my/open-associations'), ['members']),
                  },
                ],
              },
              {
                path: '/my/subscriptions/:id/statement',
                handle: {
                  access: 'authenticated',
                  crumb: 'membersUi.statement.title',
                  trail: () => [{ path: paths.myAssociations, label: 'membersUi.nav.associations' }],
                },
                ...screen(() => import('./routes/my/statement'), ['members', 'ledger']),
              },
              {
                // One of my receipts to print (issue 20): the server answers with the caller's own only.
                path: '/my/receipts/:id/print',
                handle: {
                  access: 'authenticated',
                  crumb: 'membersUi.receipt_title',
                  trail: () => [{ path: paths.myAssociations, label: 'membersUi.nav.associations' }],
                },
                ...screen(() => import('./routes/my/receipt-print'), ['members', 'ledger']),
              },
              {
                path: paths.myTurnMoves,
                ...access('authenticated', 'membersUi.turn_moves.title'),
                ...screen(() => import('./routes/my/turn-moves'), ['members']),
              },
              {
                path: paths.myCards,
                ...access('authenticated', 'membersUi.cards.title'),
                ...screen(() => import('./routes/my/cards'), ['members']),
              },
              // Savings associations, subscriptions and installments (issue 10, docs/decisions/0017-associations.md)
              {
                path: paths.associations,
                ...crumb('associationsUi.title'),
                children: [
                  {
                    index: true,
                    ...access('associations.index'),
                    ...screen(() => import('./routes/associations/associations-list')),
                  },
                  {
                    path: 'create',
                    ...access('associations.put', 'associationsUi.create_title'),
                    ...screen(() => import('./routes/associations/association-create')),
                  },
                  {
                    path: ':id',
                    ...crumb('associationsUi.detail_title'),
                    children: [
                      {
                        index: true,
                        ...access('associations.index'),
                        ...screen(() => import('./routes/associations/association-detail'), ['money-lists']),
                      },
                      {
                        path: 'edit',
                        ...access('associations.put', 'associationsUi.edit_crumb'),
                        ...screen(() => import('./routes/associations/association-edit')),
                      },
                      {
                        path: 'days-import',
                        ...access('associations.put', 'associationsUi.import.page_title'),
                        ...screen(() => import('./routes/associations/days-import')),
                      },
                    ],
                  },
                ],
              },
              {
                path: paths.subscriptions,
                ...crumb('subscriptionsUi.title'),
                children: [
                  {
                    index: true,
                    ...access('subscriptions.index'),
                    ...screen(() => import('./routes/subscriptions/subscriptions-list'), ['money-lists']),
                  },
                  {
                    path: 'create',
                    ...access('subscriptions.put', 'subscriptionsUi.create_title'),
                    ...screen(() => import('./routes/subscriptions/subscription-create')),
                  },
                  {
                    // A subscription's balance, money actions, installments and history (issue 20, decision 0029).
                    path: ':id',
                    ...access('subscriptions.index', 'subscriptionsUi.detail_title'),
                    ...screen(() => import('./routes/subscriptions/subscription-detail'), ['ledger', 'money-lists']),
                  },
                ],
              },
              {
                path: paths.payments,
                ...access('payments.index', 'paymentsUi.title'),
                ...screen(() => import('./routes/payments/payments-list'), ['money-lists']),
              },
              {
                // Every association's figures and forecast (issue 20 §4, decision 0030).
                path: paths.cashReport,
                ...access('payments.index', 'reportsUi.title'),
                ...screen(() => import('./routes/reports/cash-report'), ['reports']),
              },
              {
                // A receipt to print, A4 or an 80 mm slip (issue 20, decision 0029).
                path: '/receipts/:id/print',
                handle: {
                  access: 'payments.index',
                  crumb: 'paymentsUi.receipt_title',
                  trail: () => [{ path: paths.payments, label: 'paymentsUi.title' }],
                },
                ...screen(() => import('./routes/receipts/receipt-print'), ['ledger']),
              },
              {
                path: paths.logs,
                ...crumb('nav.logs'),
                children: [
                  {
                    index: true,
                    ...access('logs.index'),
                    ...screen(() => import('./routes/logs/logs-list'), ['logs']),
                  },
                  {
                    path: ':id',
                    ...access('logs.view', 'logs.entry'),
                    ...screen(() => import('./routes/logs/log-detail'), ['logs']),
                  },
                ],
              },
              {
                path: paths.managementLogs,
                ...access('logs.index', 'nav.logs'),
                ...screen(() => import('./routes/logs/logs-list'), ['logs']),
              },
              // Users, administrators, roles (SPEC §2)
              {
                path: paths.users,
                ...crumb('usersUi.title'),
                children: [
                  { index: true, ...access('users.index'), ...screen(() => import('./routes/users/users-list')) },
                  {
                    path: 'create',
                    ...access('users.put', 'usersUi.create_title'),
                    ...screen(() => import('./routes/users/user-create')),
                  },
                  {
                    path: 'admins',
                    handle: { crumb: 'admins.title', trail: () => [] },
                    children: [
                      { index: true, ...access('users.index'), ...screen(() => import('./routes/users/admins-list')) },
                      {
                        path: 'create',
                        ...access('users.put', 'admins.create_title'),
                        ...screen(() => import('./routes/users/admin-create')),
                      },
                    ],
                  },
                  {
                    // Oneself or users.put: the screen sends anyone else to their own profile (userPolicy.edit).
                    path: 'admin/:id/edit',
                    handle: {
                      access: 'authenticated',
                      crumb: 'admins.edit_title',
                      ownCrumb: 'usersUi.edit_own_title',
                      trail: adminTrail,
                    },
                    ...screen(() => import('./routes/users/admin-edit')),
                  },
                  {
                    path: 'user/password/change/:id',
                    handle: {
                      access: 'authenticated',
                      crumb: 'usersUi.password.title',
                      trail: ({ id = '' }) => [
                        { path: paths.users, label: 'usersUi.title' },
                        { path: paths.user(id), label: 'usersUi.profile' },
                      ],
                    },
                    ...screen(() => import('./routes/users/change-password')),
                  },
                  {
                    path: 'user/roles/:id',
                    handle: {
                      access: 'roles.assign',
                      crumb: 'rolesUi.assign_page.user_roles_title',
                      trail: adminTrail,
                    },
                    ...screen(() => import('./routes/users/user-roles')),
                  },
                  {
                    path: ':id',
                    ...crumb('usersUi.profile'),
                    children: [
                      // Oneself or users.view (userPolicy.view): the server answers 403 for anyone else.
                      {
                        index: true,
                        ...access('authenticated'),
                        ...screen(() => import('./routes/users/user-profile'), ['requests-detail', 'money-lists']),
                      },
                      {
                        path: 'edit',
                        // One's own edit page says "Edit my profile" (crumb and tab title), as its heading does.
                        handle: {
                          access: 'authenticated',
                          crumb: 'usersUi.edit_title',
                          ownCrumb: 'usersUi.edit_own_title',
                        },
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
                  { index: true, ...access('roles.index'), ...screen(() => import('./routes/roles/roles-list')) },
                  {
                    path: 'assign',
                    ...access('roles.assign', 'rolesUi.assign_page.title'),
                    ...screen(() => import('./routes/roles/roles-assign')),
                  },
                ],
              },
              {
                path: paths.managementRoles,
                ...access('roles.index', 'rolesUi.title'),
                ...screen(() => import('./routes/roles/roles-list')),
              },
              // Staff: members' requests (SPEC §2 "Requests" group; docs/decisions/0018-members.md)
              {
                path: paths.moveTurnRequests,
                ...access('association_move_turn.index', 'requestsUi.turn_moves.title'),
                ...screen(() => import('./routes/requests/turn-move-requests'), ['requests']),
              },
              {
                path: paths.cardRequests,
                ...access('card_requests.index', 'requestsUi.cards.title'),
                ...screen(() => import('./routes/requests/card-requests'), ['requests']),
              },
              // Customer service requests (issue 12, docs/decisions/0021-service-requests.md). The whole list is
              // staff's (show_requests or admin_requests); a customer's own list, the form and one request are
              // open to any signed-in user, and the server answers with what the caller may see.
              {
                path: paths.serviceRequests,
                ...crumb('requestsList.title'),
                children: [
                  {
                    index: true,
                    ...access({ anyOf: ['show_requests', 'admin_requests'] }),
                    ...screen(() => import('./routes/requests/service-requests')),
                  },
                  {
                    path: 'me',
                    ...access('authenticated', 'requestsList.mine_title'),
                    ...screen(() => import('./routes/requests/my-service-requests')),
                  },
                  {
                    path: 'tasks',
                    ...access('authenticated', 'requestsList.tasks_title'),
                    ...screen(() => import('./routes/requests/service-request-tasks')),
                  },
                  {
                    path: 'create',
                    ...access('authenticated', 'requestsForm.create_title'),
                    ...screen(
                      () => import('./routes/requests/service-request-create'),
                      ['requests-form', 'requests-detail'],
                    ),
                  },
                  {
                    path: ':id',
                    ...crumb('requestsDetail.title'),
                    children: [
                      {
                        index: true,
                        ...access('authenticated'),
                        ...screen(() => import('./routes/requests/service-request-detail'), ['requests-detail']),
                      },
                      {
                        path: 'edit',
                        ...access('authenticated', 'requestsForm.edit_title'),
                        ...screen(
                          () => import('./routes/requests/service-request-edit'),
                          ['requests-form', 'requests-detail'],
                        ),
                      },
                      {
                        path: 'receipt',
                        ...access('authenticated', 'requestsDetail.receipt.title'),
                        ...screen(() => import('./routes/requests/service-request-receipt'), ['requests-detail']),
                      },
                    ],
                  },
                ],
              },
              // Help desk (docs/decisions/0022-staff-tools.md): the whole list is staff's (tickets.index); one's own
              // tickets, the form and one ticket are open to any signed-in user, and the server answers with
              // what the caller may see. Contact messages from guests: contacts.index.
              {
                path: paths.tickets,
                ...crumb('ticketsUi.title'),
                children: [
                  {
                    index: true,
                    ...access('tickets.index'),
                    ...screen(() => import('./routes/tickets/tickets-list'), ['tickets']),
                  },
                  {
                    path: 'me',
                    ...access('authenticated', 'ticketsUi.mine_title'),
                    ...screen(() => import('./routes/tickets/my-tickets'), ['tickets']),
                  },
                  {
                    path: 'new',
                    ...access('authenticated', 'ticketsUi.new_title'),
                    ...screen(() => import('./routes/tickets/ticket-create'), ['tickets']),
                  },
                  {
                    path: ':id',
                    ...access('authenticated', 'ticketsUi.detail_title'),
                    ...screen(() => import('./routes/tickets/ticket-detail'), ['tickets']),
                  },
                ],
              },
              {
                path: paths.contacts,
                ...access('contacts.index', 'contactsUi.title'),
                ...screen(() => import('./routes/tickets/contacts-list'), ['tickets']),
              },
              // Staff: the archive manager (docs/decisions/0022-staff-tools.md), at the root or in one folder
              {
                path: paths.archive,
                ...crumb('archiveUi.title'),
                children: [
                  {
                    index: true,
                    ...access('archive.index'),
                    ...screen(() => import('./routes/archive/archive'), ['archive']),
                  },
                  {
                    path: ':id',
                    ...access('archive.index'),
                    ...screen(() => import('./routes/archive/archive'), ['archive']),
                  },
                ],
              },
              // Staff: system settings and the review of recovery accounts (docs/decisions/0005)
              {
                path: paths.settings,
                ...access('admin_roles', 'settingsUi.title'),
                ...screen(() => import('./routes/settings/settings'), ['staff']),
              },
              {
                path: paths.terms,
                ...access('terms.put', 'termsUi.title'),
                ...screen(() => import('./routes/settings/terms'), ['staff']),
              },
              {
                path: paths.recoveryAccounts,
                ...access('users.index', 'recoveryReview.title'),
                ...screen(() => import('./routes/settings/recovery-accounts'), ['staff']),
              },
            ],
          },
        ],
      },
      {
        path: paths.unauthorized,
        ...lean('errors_page.unauthorized_title'),
        ...screen(() => import('./routes/errors/unauthorized')),
      },
      {
        path: paths.serverError,
        ...lean('errors_page.server_error'),
        ...screen(() => import('./routes/errors/server-error')),
      },
      { path: paths.notFound, ...lean('errors_page.not_found'), ...screen(() => import('./routes/errors/not-found')) },
      { path: '*', ...lean('errors_page.not_found'), element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Downloads the screens a location opens (and their texts) before the router is made, so it starts
 * with them in place: a prerendered guest page is hydrated with the very tree it was rendered with
 * (no HydrateFallback first), by the browser (main.tsx) and by the prerender (prerender.tsx) alike.
 * React Router's own advice for lazy routes and hydration: resolve them, then create the router.
 */
export async function loadRoutesFor(location: Pick<Location, 'pathname'>): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
