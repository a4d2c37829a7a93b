/** Every route path of the app, once (STYLE.md). Builders for paths with ids. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  login: '/login',
  register: '/register',
  reset: '/reset',
  logs: '/logs',
  log: (id: number | string) => `/logs/${id}`,
  managementLogs: '/management/logs',
  user: (id: number | string) => `/users/${id}`,
  notFound: '/404',
  unauthorized: '/401',
  serverError: '/500',
} as const;
