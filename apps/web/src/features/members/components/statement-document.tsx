import type { TUser } from '@portal/shared/schemas/auth';
import type { TStatement } from '@portal/shared/schemas/members';
import { useTranslation } from 'react-i18next';
import { localizeDigits } from '../../../lib/digits';
import { formatDate, formatId, formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { dayText } from './badges';

/**
 * The statement as a document to print or save as PDF on A4, in the UI language: who, which
 * association and turn, the totals, then EVERY installment in one table whose header row repeats
 * on each page (members.css, @media print). Plain HTML, no antd: 1,200 rows render quickly and
 * print the same in every browser. Shown by the print view, and by the page itself while the
 * browser prints (Ctrl+P).
 */
export function StatementDocument({ statement, member }: { statement: TStatement; member: TUser | null }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const s = statement.subscription;
  const { totals } = statement;
  // One amount per association (its cost): formatted once, not 1,200 times.
  const money = new Map<number, string>();
  const moneyOf = (amount: number) => {
    let text = money.get(amount);
    if (text === undefined) {
      text = formatMoney(amount, lang);
      money.set(amount, text);
    }
    return text;
  };
  const totalRows: [string, number, number][] = [
    [t('membersUi.statement.paid'), totals.received_count, totals.received_sum],
    [t('membersUi.statement.late'), totals.late_count, totals.late_sum],
    [t('membersUi.statement.future'), totals.future_count, totals.future_sum],
    [t('membersUi.statement.remaining'), totals.late_count + totals.future_count, statement.remaining_sum],
  ];
  return (
    <article
      className="statement-document print-document"
      aria-labelledby="statement-doc-title"
      data-testid="statement-document"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is reached by keyboard (WCAG 2.1.1).
      tabIndex={0}
    >
      <header className="statement-doc-head">
        <div>
          <p className="statement-doc-brand">{t('app.name')}</p>
          <h2 id="statement-doc-title" className="statement-doc-title">
            {t('membersUi.statement.doc_title')}
          </h2>
        </div>
        <p className="statement-doc-date">
          {t('membersUi.statement.as_of', { date: formatDate(statement.as_of, lang) })}
        </p>
      </header>
      <dl className="statement-doc-facts">
        {member && (
          <div>
            <dt>{t('membersUi.statement.member')}</dt>
            <dd>
              {member.name} · <bdi dir="ltr">{localizeDigits(member.phone, lang)}</bdi>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('membersUi.subscriptions.association')}</dt>
          <dd>
            {s.association.title} ({t(`associations.labels.${s.association.type}`)})
          </dd>
        </div>
        <div>
          <dt>{t('membersUi.subscriptions.turn_day')}</dt>
          <dd>{dayText(t, s.day, lang)}</dd>
        </div>
        <div>
          <dt>{t('membersUi.subscriptions.cost')}</dt>
          <dd>
            <bdi>{moneyOf(s.association.cost)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('membersUi.subscriptions.payout')}</dt>
          <dd>
            <bdi>{formatMoney(s.amount, lang)}</bdi> — {t(`associations.labels.${s.transfer_status}`)}
            {s.transfer_status === 'paid' && s.transfer_date ? ` (${formatDate(s.transfer_date, lang)})` : ''}
          </dd>
        </div>
      </dl>
      <table className="statement-doc-totals">
        <caption>{t('membersUi.statement.totals')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('membersUi.statement.columns.kind')}</th>
            <th scope="col">{t('membersUi.statement.columns.count')}</th>
            <th scope="col">{t('membersUi.statement.columns.sum')}</th>
          </tr>
        </thead>
        <tbody>
          {totalRows.map(([label, n, sum]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{formatNumber(n, lang)}</td>
              <td>
                <bdi>{formatMoney(sum, lang)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('membersUi.statement.total')}</th>
            <td>{formatNumber(totals.total, lang)}</td>
            <td>
              <bdi>{formatMoney(totals.received_sum + statement.remaining_sum, lang)}</bdi>
            </td>
          </tr>
        </tfoot>
      </table>
      <table className="statement-doc-table">
        <caption>{t('membersUi.statement.installments')}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('membersUi.statement.columns.due_date')}</th>
            <th scope="col">{t('membersUi.statement.columns.amount')}</th>
            <th scope="col">{t('membersUi.statement.columns.status')}</th>
            <th scope="col">{t('membersUi.statement.columns.received_at')}</th>
            <th scope="col">{t('membersUi.statement.columns.reference')}</th>
          </tr>
        </thead>
        <tbody>
          {statement.rows.map((row, i) => (
            <tr key={row.id} className={`is-${row.status}`}>
              <td>{formatId(i + 1, lang)}</td>
              <td>{formatDate(row.due_date, lang)}</td>
              <td>
                <bdi>{moneyOf(row.amount)}</bdi>
              </td>
              <td>{t(`associations.labels.${row.status}`)}</td>
              <td>{row.received_at ? formatDate(row.received_at, lang) : '—'}</td>
              <td>{row.reference ? <bdi dir="ltr">{row.reference}</bdi> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="statement-doc-foot">
        {t('membersUi.statement.generated', { app: t('app.name'), date: formatDate(statement.as_of, lang) })}
      </footer>
    </article>
  );
}
