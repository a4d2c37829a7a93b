import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCashReport } from '../api/reports-api';
import { CashFigures, CashFiguresSkeleton, FiguresError } from './cash-figures';
import { CashLinesTable } from './cash-lines-table';
import { ForecastCard } from './forecast-card';

/**
 * The cash report (/reports/cash, issue 20 §4): every association together — the figures as of
 * today in Cairo, the 90-day forecast with the day the pool goes below zero — then one line per
 * association (its own figures and its own first day below zero), exportable.
 */
export function CashReport() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const report = useCashReport();
  return (
    <div className="cash-screen" data-testid="cash-report">
      <div>
        <h1 className="page-title">{t('reportsUi.title')}</h1>
        {report.data && (
          <p className="cash-as-of" data-testid="cash-as-of">
            {t('cashReport.as_of', { date: formatDate(report.data.as_of, lang) })} ·{' '}
            {t('cashReport.associations_count', { count: formatNumber(report.data.associations, lang) })}
          </p>
        )}
      </div>
      {report.isError ? (
        <FiguresError onRetry={() => void report.refetch()} />
      ) : report.data ? (
        <>
          <CashFigures figures={report.data.figures} />
          <ForecastCard forecast={report.data.forecast} arrearsSum={report.data.figures.arrears.sum} />
        </>
      ) : (
        <CashFiguresSkeleton />
      )}
      <section className="panel" aria-label={t('cashReport.lines.caption')}>
        <CashLinesTable />
      </section>
    </div>
  );
}
