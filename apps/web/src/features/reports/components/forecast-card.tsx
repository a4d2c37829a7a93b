import type { TForecast } from '@portal/shared/schemas/reports';
import { Alert, Card } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-table/export-button';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { Egp, inText } from './cash-figures';

// recharts comes with the first forecast drawn, never with the screen itself (DESIGN §5).
const ForecastChart = lazy(() => import('./forecast-chart'));

/** The chart's height, reserved while it loads (no layout shift, DESIGN §5 CLS < 0.05). */
const CHART_HEIGHT = 300;

type Props = {
  forecast: TForecast;
  /** Late installments (EGP): not counted on, and said so. */
  arrearsSum: number;
  /** The association the forecast is of (its export), or none for every association. */
  associationId?: number;
};

/**
 * What the next 90 days hold (issue 20 §4): first, in words, whether and when the cash position
 * goes below zero (the day and the amount), or that it does not and its lowest; what the first
 * day carries and what is not counted on; then the chart, and the same figures day by day as a
 * table any reader can open; the forecast's export.
 */
export function ForecastCard({ forecast, arrearsSum, associationId }: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const money = (amount: number) => inText(formatMoney(amount, lang));
  const negativeDay = forecast.days.find((d) => d.date === forecast.negative_on);
  const today = forecast.negative_on !== null && forecast.negative_on === forecast.from;
  const placeholder = <div className="forecast-placeholder" style={{ blockSize: CHART_HEIGHT }} />;
  return (
    <Card
      title={<h2 className="cash-card-title">{t('cashReport.forecast.title')}</h2>}
      className="cash-forecast"
      data-testid="cash-forecast"
      extra={
        <ExportButton
          exportTo={{
            path: '/reports/cash/forecast/export',
            request: () => (associationId === undefined ? {} : { association_id: associationId }),
            name: 'cash-forecast',
          }}
          body={{}}
        />
      }
    >
      {negativeDay ? (
        <Alert
          type="error"
          showIcon
          className="forecast-verdict"
          data-testid="forecast-negative"
          title={
            today
              ? t('cashReport.forecast.negative_today', { cash: money(negativeDay.cash) })
              : t('cashReport.forecast.negative', {
                  date: formatDate(negativeDay.date, lang),
                  cash: money(negativeDay.cash),
                })
          }
        />
      ) : (
        <Alert
          type="success"
          showIcon
          className="forecast-verdict"
          data-testid="forecast-safe"
          title={t('cashReport.forecast.safe', {
            cash: money(forecast.lowest.cash),
            date: formatDate(forecast.lowest.date, lang),
          })}
        />
      )}
      <ul className="forecast-notes">
        {forecast.overdue_payouts.count > 0 && (
          <li data-testid="forecast-overdue">
            {t('cashReport.forecast.overdue', {
              count: formatNumber(forecast.overdue_payouts.count, lang),
              sum: money(forecast.overdue_payouts.sum),
            })}
          </li>
        )}
        {arrearsSum > 0 && <li>{t('cashReport.forecast.late_excluded', { sum: money(arrearsSum) })}</li>}
      </ul>
      <Suspense fallback={placeholder}>
        <ForecastChart
          days={forecast.days}
          negativeOn={forecast.negative_on}
          lang={lang}
          height={CHART_HEIGHT}
          labels={{
            collections: t('cashReport.forecast.collections'),
            payouts: t('cashReport.forecast.payouts'),
            cash: t('cashReport.forecast.cash'),
            negative: t('cashReport.forecast.negative_marker'),
          }}
        />
      </Suspense>
      <details className="forecast-table">
        <summary>{t('cashReport.forecast.show_table')}</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls (90 days), so it takes the keyboard focus (axe: scrollable-region-focusable). */}
        <section className="forecast-table-scroll" aria-label={t('cashReport.forecast.table_caption')} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{t('cashReport.forecast.table_caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('cashReport.forecast.date')}</th>
                <th scope="col">{t('cashReport.forecast.collections')}</th>
                <th scope="col">{t('cashReport.forecast.payouts')}</th>
                <th scope="col">{t('cashReport.forecast.cash')}</th>
              </tr>
            </thead>
            <tbody>
              {forecast.days.map((day) => (
                <tr key={day.date} className={day.cash < 0 ? 'forecast-row-negative' : undefined}>
                  <th scope="row">
                    {formatDate(day.date, lang)}
                    {day.date === forecast.negative_on && (
                      <span className="forecast-row-flag"> — {t('cashReport.forecast.negative_marker')}</span>
                    )}
                  </th>
                  <td>
                    <Egp amount={day.collections} />
                  </td>
                  <td>
                    <Egp amount={day.payouts} />
                  </td>
                  <td>
                    <Egp amount={day.cash} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </Card>
  );
}
