import { Card, Col, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

type Props = {
  title: string;
  /** Null: the server gave no figure (the caller lacks the permission it needs): a dash. */
  value: number | null;
  icon: ReactNode;
  loading: boolean;
  testId: string;
};

/**
 * One figure of the dashboard (SPEC §2 items 1 and 2) in the grid's widths of SPEC §9: 3 of 12
 * columns from medium screens up, the full width on phones. The number in the UI's digits.
 */
export function StatCard({ title, value, icon, loading, testId }: Props) {
  useTranslation();
  const lang = currentLanguage();
  return (
    <Col xs={24} md={6}>
      <Card className="stat-card" loading={loading} data-testid={testId}>
        <Statistic
          title={title}
          value={value ?? 0}
          prefix={icon}
          formatter={(v) => (
            <span data-testid={`${testId}-value`}>{value === null ? '—' : formatNumber(Number(v), lang)}</span>
          )}
        />
      </Card>
    </Col>
  );
}
