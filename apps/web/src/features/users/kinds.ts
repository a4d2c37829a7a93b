import type { UserType } from '@portal/shared/enums';

/** The namespace of a list's own texts: customers (usersUi) or administrators (admins). */
export const listTexts = (kind: UserType) => (kind === 'admin' ? 'admins' : 'usersUi');
