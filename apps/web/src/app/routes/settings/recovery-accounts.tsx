import { useTranslation } from 'react-i18next';
import { RecoveryAccountsTable } from '../../../features/recovery-review/components/recovery-accounts-table';
import { RequirePermission } from '../../guards';

export default function RecoveryAccountsRoute() {
  const { t } = useTranslation();
  return (
    <RequirePermission permission="users.index">
      <h1 className="page-title">{t('recoveryReview.title')}</h1>
      <RecoveryAccountsTable />
    </RequirePermission>
  );
}
