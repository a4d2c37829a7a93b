import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSubscriptionLedger } from '../../subscriptions/api/money-api';
import { LedgerHistory } from './ledger-history';

/** The history tab of a subscription's page: loading, a failed load with Retry, or the entries. */
export function SubscriptionHistory({ id }: { id: number }) {
  const { t } = useTranslation();
  const ledger = useSubscriptionLedger(id);
  if (ledger.isPending) {
    return (
      <p className="money-lead" aria-busy="true" data-testid="ledger-loading">
        {t('common.loading')}
      </p>
    );
  }
  if (ledger.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('table.load_failed')}
        action={<Button onClick={() => void ledger.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return <LedgerHistory ledger={ledger.data} />;
}
