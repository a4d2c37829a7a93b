import type { UserType } from '@portal/shared/enums';
import { useTranslation } from 'react-i18next';
import { UsersTable } from '../../../features/users/components/users-table';
import { listTexts } from '../../../features/users/kinds';
import { RequirePermission } from '../../guards';

/** /users (customers) and /users/admins (administrators): one screen, two user types. */
export function UsersListScreen({ kind }: { kind: UserType }) {
  const { t } = useTranslation();
  return (
    <RequirePermission permission="users.index">
      <h1 className="page-title">{t(`${listTexts(kind)}.title`)}</h1>
      <UsersTable key={kind} kind={kind} />
    </RequirePermission>
  );
}

export default function UsersListRoute() {
  return <UsersListScreen kind="user" />;
}
