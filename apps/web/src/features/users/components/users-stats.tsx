import { TeamOutlined, UserDeleteOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Col, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useDashboardCounts } from '../api/dashboard-counts';

function StatCard({
  title,
  value,
  icon,
  loading,
  testId,
}: {
  title: string;
  value: number | null;
  icon: ReactNode;
  loading: boolean;
  testId: string;
}) {
  const lang = currentLanguage();
  return (
    <Col xs={24} md={6}>
      <Card className="stat-card" loading={loading} data-testid={testId}>
        <Statistic
          title={title}
          value={value ?? 0}
          prefix={icon}
          formatter={(v) => (value === null ? '—' : formatNumber(Number(v), lang))}
        />
      </Card>
    </Col>
  );
}

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
