import { useTranslation } from 'react-i18next';
import { RolesTable } from '../../../features/roles/components/roles-table';
import { RequirePermission } from '../../guards';

/** /roles and /management/roles. */
export default function RolesListRoute() {
  const { t } = useTranslation();
  return (
    <RequirePermission permission="roles.index">
      <h1 className="page-title">{t('rolesUi.title')}</h1>
      <RolesTable />
    </RequirePermission>
  );
}
