/** Every route path of the app, once (STYLE.md). Builders for paths with ids. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  // Guest-only
  login: '/login',
  register: '/register',
  reset: '/reset',
  resetMessage: '/resetmessage',
  newPassword: (token: string) => `/newpassword/${token}`,
  activation: (token: string) => `/activation/${token}`,
  recoveryActivation: (token: string) => `/recoveryactivation/${token}`,
  recovery: '/recovery',
  recoveryMessage: '/recovarymessage',
  message: '/message',
  // Audit log
  logs: '/logs',
  log: (id: number | string) => `/logs/${id}`,
  managementLogs: '/management/logs',
  // Users and administrators
  users: '/users',
  userCreate: '/users/create',
  user: (id: number | string) => `/users/${id}`,
  userEdit: (id: number | string) => `/users/${id}/edit`,
  admins: '/users/admins',
  adminCreate: '/users/admins/create',
  adminEdit: (id: number | string) => `/users/admin/${id}/edit`,
  changePassword: (id: number | string) => `/users/user/password/change/${id}`,
  userRoles: (id: number | string) => `/users/user/roles/${id}`,
  // Roles
  roles: '/roles',
  managementRoles: '/management/roles',
  rolesAssign: '/roles/assign',
  // Staff: system settings, recovery accounts review
  settings: '/settings',
  recoveryAccounts: '/recovery-accounts',
  // Errors
  notFound: '/404',
  unauthorized: '/401',
  serverError: '/500',
} as const;
