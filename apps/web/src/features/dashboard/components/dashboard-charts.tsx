import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useRequestStatistics } from '../../customer-requests/api/lookups-api';
import { useDashboardCounts } from '../../users/api/dashboard-counts';
import { ChartCard } from './chart-card';

/**
 * Dashboard item 3 (SPEC §2, §3): how many associations there are at each installment (cost as
 * labels, cost_count as values), the cheapest first. Shown to holders of associations.index.
 */
export function AssociationsByCostChart() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const counts = useDashboardCounts();
  const bars = (counts.data?.counts_associations ?? []).map((row) => ({
    key: String(row.cost),
    // Whole pounds: every cost is one (5, 10, 20, 50, 100, 200 EGP), so no ".00" on the axis.
    label: formatNumber(row.cost, lang, { style: 'currency', currency: 'EGP', maximumFractionDigits: 0 }),
    value: row.cost_count,
  }));
  return (
    <ChartCard
      title={t('dashboard.associations_chart')}
      valueName={t('dashboard.associations_value')}
      labelName={t('associations.columns.cost')}
      bars={bars}
      loading={counts.isPending}
      testId="chart-associations"
    />
  );
}

/**
 * Dashboard item 5 (SPEC §2, §3): subscribers per association title (users as values), the
 * server's top ten, the most subscribed first, then one bar for every other association (the
 * server's `others` row, labelled here with how many it sums). Shown to holders of subscriptions.index.
 */
export function SubscriptionsByAssociationChart() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const counts = useDashboardCounts();
  const bars = (counts.data?.counts_subscriptions ?? []).map((row, index) => ({
    key: row.others === undefined ? String(index) : 'others',
    label:
      row.others === undefined
        ? row.title
        : t('dashboard.subscriptions_others', { count: formatNumber(row.others, lang) }),
    value: row.users,
  }));
  return (
    <ChartCard
      title={t('dashboard.subscriptions_chart')}
      valueName={t('dashboard.subscriptions_value')}
      labelName={t('associations.columns.association')}
      bars={bars}
      loading={counts.isPending}
      longLabels
      testId="chart-subscriptions"
    />
  );
}

/** The order of SPEC §4 (the way a request goes), then the ways out and the "branched" badge. */
const STATISTICS_ORDER = [
  ['draft', 1],
  ['submitted', 2],
  ['reviewed', 3],
  ['accepted', 4],
  ['paid', 5],
  ['ready', 6],
  ['delivered', 7],
  ['rejected', 8],
  ['canceled', 9],
] as const;

/**
 * Service requests by status (issue 12, POST /customers_requests/statistics), for holders of
 * show_requests; the "branched" badge overlaps the statuses, so it is not a bar of its own.
 */
export function RequestsByStatusChart() {
  const { t } = useTranslation();
  const statistics = useRequestStatistics();
  const bars = STATISTICS_ORDER.map(([key, id]) => ({
    key,
    label: t(`requests.status.${id}`),
    value: statistics.data?.statistics[key] ?? 0,
  }));
  return (
    <ChartCard
      title={t('requestsList.chart.title')}
      valueName={t('requestsList.title')}
      labelName={t('requestsList.columns.status')}
      bars={bars}
      loading={statistics.isPending}
      longLabels
      testId="chart-requests"
    />
  );
}
