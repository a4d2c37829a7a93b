import { Card, Col, Skeleton, Statistic } from 'antd';
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
      {/* While loading only the number is a placeholder, inside the line it will fill: the card keeps
          its height (a card-wide skeleton is taller and moved everything below it, CLS 0.07). */}
      <Card className="stat-card" data-testid={testId} aria-busy={loading}>
        <Statistic
          title={title}
          value={value ?? 0}
          prefix={icon}
          formatter={(v) =>
            loading ? (
              <Skeleton.Input active size="small" className="stat-card-loading" />
            ) : (
              <span data-testid={`${testId}-value`}>{value === null ? '—' : formatNumber(Number(v), lang)}</span>
            )
          }
        />
      </Card>
    </Col>
  );
}
