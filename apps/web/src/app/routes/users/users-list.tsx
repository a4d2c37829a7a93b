import type { UserType } from '@portal/shared/enums';
import { useTranslation } from 'react-i18next';
import { associationFilter } from '../../../features/associations/components/association-filter';
import { UsersTable } from '../../../features/users/components/users-table';
import { listTexts } from '../../../features/users/kinds';
import { useCan } from '../../../lib/authorization';

/** /users (customers) and /users/admins (administrators): one screen, two user types. */
export function UsersListScreen({ kind }: { kind: UserType }) {
  const { t } = useTranslation();
  const can = useCan();
  // The customers' "association" filter (SPEC §2): its dropdown lists the associations (associations.index).
  const extraFilters = kind === 'user' && can('associations.index') ? [associationFilter()] : [];
  return (
    <>
      <h1 className="page-title">{t(`${listTexts(kind)}.title`)}</h1>
      <UsersTable key={kind} kind={kind} extraFilters={extraFilters} />
    </>
  );
}

export default function UsersListRoute() {
  return <UsersListScreen kind="user" />;
}
