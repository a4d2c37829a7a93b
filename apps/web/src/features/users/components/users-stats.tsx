import { TeamOutlined, UserDeleteOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../dashboard/components/stat-card';
import { useDashboardCounts } from '../api/dashboard-counts';

/**
 * Dashboard item 2 (SPEC §2): inactive, active and total customer accounts, three
 * stat cards of the dashboard grid (3 of 12 columns on medium screens, full width on small).
 * The server sends null counts to anyone without users.index; the dashboard shows it only to them.
 */
export function UsersStatCards() {
  const { t } = useTranslation();
  const counts = useDashboardCounts();
  const row = counts.data?.counts[0];
  const active = row?.active_user ?? null;
  const inactive = row?.inactive_user ?? null;
  const total = active === null || inactive === null ? null : active + inactive;
  const loading = counts.isPending;
  return (
    <>
      <StatCard
        title={t('usersUi.stats.inactive')}
        value={inactive}
        icon={<UserDeleteOutlined />}
        loading={loading}
        testId="stat-inactive-users"
      />
      <StatCard
        title={t('usersUi.stats.active')}
        value={active}
        icon={<UserOutlined />}
        loading={loading}
        testId="stat-active-users"
      />
      <StatCard
        title={t('usersUi.stats.total')}
        value={total}
        icon={<TeamOutlined />}
        loading={loading}
        testId="stat-total-users"
      />
    </>
  );
}
