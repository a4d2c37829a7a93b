import { CheckCircleOutlined, ClockCircleOutlined, ExclamationCircleOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDashboardCounts } from '../../users/api/dashboard-counts';
import { StatCard } from './stat-card';

/**
 * Dashboard item 1 (SPEC §2): installments still to come, received and late, and the total of the
 * three, from the counts the server keeps in step with every change (GET /dashbored/count). The
 * server sends them only to holders of payments.index; the dashboard shows the cards only to them.
 */
export function PaymentStatCards() {
  const { t } = useTranslation();
  const counts = useDashboardCounts();
  const row = counts.data?.counts[0];
  const future = row?.payments_future ?? null;
  const received = row?.payments_received ?? null;
  const late = row?.payments_late ?? null;
  const total = future === null || received === null || late === null ? null : future + received + late;
  const loading = counts.isPending;
  return (
    <>
      <StatCard
        title={t('dashboard.installments.future')}
        value={future}
        icon={<ClockCircleOutlined />}
        loading={loading}
        testId="stat-payments-future"
      />
      <StatCard
        title={t('dashboard.installments.received')}
        value={received}
        icon={<CheckCircleOutlined />}
        loading={loading}
        testId="stat-payments-received"
      />
      <StatCard
        title={t('dashboard.installments.late')}
        value={late}
        icon={<ExclamationCircleOutlined />}
        loading={loading}
        testId="stat-payments-late"
      />
      <StatCard
        title={t('dashboard.payments_total')}
        value={total}
        icon={<WalletOutlined />}
        loading={loading}
        testId="stat-payments-total"
      />
    </>
  );
}
