import { useTranslation } from 'react-i18next';
import { RecoveryAccountsTable } from '../../../features/recovery-review/components/recovery-accounts-table';

export default function RecoveryAccountsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('recoveryReview.title')}</h1>
      <RecoveryAccountsTable />
    </>
  );
}
