import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useAssociationCash } from '../../reports/api/reports-api';
import { CashFigures, CashFiguresSkeleton, FiguresError } from '../../reports/components/cash-figures';
import { ForecastCard } from '../../reports/components/forecast-card';

/**
 * The Ledger tab of /associations/{id} (issue 20 §4): the association's figures as of today in
 * Cairo and its 90-day forecast, with the day its pool goes below zero said in words. Shown to
 * holders of payments.index (the route answers 403 to anyone else). Loaded with its texts when the
 * tab is first opened (the detail screen carries neither).
 */
export default function AssociationLedgerTab({ associationId }: { associationId: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const cash = useAssociationCash(associationId);
  if (cash.isError) return <FiguresError onRetry={() => void cash.refetch()} />;
  if (!cash.data) return <CashFiguresSkeleton />;
  const { figures, forecast } = cash.data;
  return (
    <div className="cash-screen" data-testid="association-ledger">
      <p className="cash-as-of">{t('cashReport.as_of', { date: formatDate(cash.data.as_of, lang) })}</p>
      <CashFigures figures={figures} />
      <ForecastCard forecast={forecast} arrearsSum={figures.arrears.sum} associationId={associationId} />
    </div>
  );
}
