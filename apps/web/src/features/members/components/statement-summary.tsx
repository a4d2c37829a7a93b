import type { TStatement } from '@portal/shared/schemas/members';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ProgressBar, receivedPercent } from './progress-bar';

/**
 * The statement's totals, summed by the server in SQL (never added up here): paid, late and what
 * is left to pay (late and future together), each with its count, over a bar of installments paid.
 */
export function StatementSummary({ statement }: { statement: TStatement }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { totals } = statement;
  const count = (n: number) => t('membersUi.statement.count', { count: formatNumber(n, lang) });
  const tiles = [
    { key: 'paid', label: t('membersUi.statement.paid'), sum: totals.received_sum, n: totals.received_count },
    { key: 'late', label: t('membersUi.statement.late'), sum: totals.late_sum, n: totals.late_count },
    {
      key: 'remaining',
      label: t('membersUi.statement.remaining'),
      sum: statement.remaining_sum,
      n: totals.late_count + totals.future_count,
    },
  ];
  return (
    <section className="statement-summary" aria-label={t('membersUi.statement.totals')}>
      <dl className="statement-tiles">
        {tiles.map((tile) => (
          <div key={tile.key} className={`statement-tile statement-tile-${tile.key}`} data-testid={`total-${tile.key}`}>
            <dt>{tile.label}</dt>
            <dd>
              <bdi className="money statement-tile-sum">{formatMoney(tile.sum, lang)}</bdi>
              <span className="muted">{count(tile.n)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <ProgressBar
        percent={receivedPercent(totals.received_count, totals.total)}
        label={t('membersUi.subscriptions.progress_label', {
          received: formatNumber(totals.received_count, lang),
          total: formatNumber(totals.total, lang),
        })}
      />
      <p className="muted statement-progress-text">
        {t('membersUi.subscriptions.progress_label', {
          received: formatNumber(totals.received_count, lang),
          total: formatNumber(totals.total, lang),
        })}
      </p>
    </section>
  );
}
