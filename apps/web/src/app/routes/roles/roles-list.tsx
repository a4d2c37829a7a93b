import { useTranslation } from 'react-i18next';
import { RolesTable } from '../../../features/roles/components/roles-table';

/** /roles and /management/roles. */
export default function RolesListRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('rolesUi.title')}</h1>
      <RolesTable />
    </>
  );
}
