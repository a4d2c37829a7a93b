import { Card } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { ChartBar } from './count-bar-chart';

// recharts arrives with the first chart that has something to draw, never with the dashboard itself.
const CountBarChart = lazy(() => import('./count-bar-chart'));

/** The chart's height, reserved while it loads (no layout shift, DESIGN §5 CLS < 0.05). */
const CHART_HEIGHT = 280;

type Props = {
  title: string;
  /** What the bars count ("Associations"). */
  valueName: string;
  /** What the bars are ("Installment"): the first column of the figures' table. */
  labelName: string;
  bars: ChartBar[];
  loading: boolean;
  longLabels?: boolean;
  testId: string;
};

/**
 * A chart of the dashboard (items 3 and 5): the bars, drawn by the lazy chart, and the same figures
 * as a table for screen readers (the drawing is hidden from them). "No data yet" when there is none.
 */
export function ChartCard({ title, valueName, labelName, bars, loading, longLabels, testId }: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const placeholder = <div className="chart-placeholder" style={{ blockSize: CHART_HEIGHT }} />;
  let body = placeholder;
  if (!loading && bars.length === 0) {
    body = (
      <div className="chart-placeholder chart-empty muted" style={{ blockSize: CHART_HEIGHT }}>
        {t('dashboard.chart_empty')}
      </div>
    );
  } else if (!loading) {
    body = (
      <>
        <Suspense fallback={placeholder}>
          <CountBarChart bars={bars} valueName={valueName} lang={lang} height={CHART_HEIGHT} longLabels={longLabels} />
        </Suspense>
        <table className="visually-hidden">
          <caption>{t('dashboard.chart_data', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{labelName}</th>
              <th scope="col">{valueName}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key}>
                <th scope="row">{bar.label}</th>
                <td>{formatNumber(bar.value, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  }
  return (
    <Card title={title} className="dashboard-card chart-card" data-testid={testId}>
      {body}
    </Card>
  );
}
