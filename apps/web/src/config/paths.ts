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
  // Savings associations, subscriptions, installments (issue 10)
  associations: '/associations',
  associationCreate: '/associations/create',
  association: (id: number | string) => `/associations/${id}`,
  associationEdit: (id: number | string) => `/associations/${id}/edit`,
  associationDaysImport: (id: number | string) => `/associations/${id}/days-import`,
  subscriptions: '/subscriptions',
  subscriptionCreate: '/subscriptions/create',
  subscription: (id: number | string) => `/subscriptions/${id}`,
  payments: '/payments',
  // The cash report across associations (issue 20 §4, docs/decisions/0030); an association's own is its Ledger tab
  cashReport: '/reports/cash',
  // Money controls (issue 20, docs/decisions/0029): a receipt to print (staff); a member's own is under /my
  receiptPrint: (id: number | string) => `/receipts/${id}/print`,
  // Customer service requests (issue 12, docs/decisions/0021-service-requests.md)
  serviceRequests: '/requests',
  myServiceRequests: '/requests/me',
  serviceRequestTasks: '/requests/tasks',
  serviceRequestCreate: '/requests/create',
  serviceRequest: (id: number | string) => `/requests/${id}`,
  serviceRequestEdit: (id: number | string) => `/requests/${id}/edit`,
  serviceRequestReceipt: (id: number | string) => `/requests/${id}/receipt`,
  // Staff: system settings, recovery accounts review
  settings: '/settings',
  terms: '/terms',
  recoveryAccounts: '/recovery-accounts',
  // Staff: members' requests (SPEC §2 "Requests" group)
  moveTurnRequests: '/move-turn/requests',
  cardRequests: '/card/requests',
  // The customer's own area (docs/decisions/0018-members.md): my associations, joining, turn moves, cards
  myAssociations: '/my/associations',
  openAssociations: '/my/associations/open',
  statement: (id: number | string) => `/my/subscriptions/${id}/statement`,
  myReceiptPrint: (id: number | string) => `/my/receipts/${id}/print`,
  myTurnMoves: '/my/turn-moves',
  myCards: '/my/cards',
  // Help desk and contact messages (docs/decisions/0022-staff-tools.md)
  tickets: '/tickets',
  myTickets: '/tickets/me',
  ticketCreate: '/tickets/new',
  ticket: (id: number | string) => `/tickets/${id}`,
  contacts: '/contacts',
  contact: '/contact',
  // Staff: the archive manager (docs/decisions/0022-staff-tools.md); a folder by its id
  archive: '/archive',
  archiveFolder: (id: number | string) => `/archive/${id}`,
  // Errors
  notFound: '/404',
  unauthorized: '/401',
  serverError: '/500',
} as const;
