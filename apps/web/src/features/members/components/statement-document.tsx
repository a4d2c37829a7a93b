import type { TUser } from '@portal/shared/schemas/auth';
import type { TStatement, TStatementRow } from '@portal/shared/schemas/members';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, today } from '../../../lib/clock';
import { localizeDigits } from '../../../lib/digits';
import {
  formatDate,
  formatId,
  formatMoney,
  formatMoneyFromPiastres,
  formatMonth,
  formatNumber,
} from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { groupByMonth, type MonthGroup, sumMonths, type Tally } from '../lib/statement-months';
import { dayText } from './day-text';

/** The days ahead whose installments the printed statement lists one by one. */
const NEXT_DAYS = 30;

/** A statement row with its place among all the installments (1 = the first due). */
type Numbered = TStatementRow & { number: number };

/** Installments one by one: the late ones, the ones due soon. */
function InstallmentList({
  caption,
  empty,
  rows,
  testId,
}: {
  caption: string;
  empty: string;
  rows: readonly Numbered[];
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (rows.length === 0) {
    return (
      <section className="statement-doc-list" data-testid={testId}>
        <h3 className="statement-doc-subtitle">{caption}</h3>
        <p className="statement-doc-none">{empty}</p>
      </section>
    );
  }
  return (
    <table className="statement-doc-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t('membersUi.statement.columns.due_date')}</th>
          <th scope="col">{t('membersUi.statement.columns.amount')}</th>
          <th scope="col">{t('membersUi.statement.columns.status')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className={`is-${row.status}`}>
            <td>{formatId(row.number, lang)}</td>
            <td>{formatDate(row.due_date, lang)}</td>
            <td>
              <bdi>{formatMoney(row.amount, lang)}</bdi>
            </td>
            <td>{t(`associations.labels.${row.status}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One month's line (or the total line): each status's count and sum. */
function MonthCells({ group, cancelled }: { group: Omit<MonthGroup, 'month'>; cancelled: boolean }) {
  const lang = currentLanguage();
  // A status with no installment that month: a dash, not "0 · 0.00", so the months' figures stand out.
  const cells = (tally: Tally) =>
    tally.count === 0 ? (
      <>
        <td>—</td>
        <td>—</td>
      </>
    ) : (
      <>
        <td>{formatNumber(tally.count, lang)}</td>
        <td>
          <bdi>{formatMoneyFromPiastres(tally.piastres, lang)}</bdi>
        </td>
      </>
    );
  return (
    <>
      <td>{formatNumber(group.count, lang)}</td>
      {cells(group.received)}
      {cells(group.late)}
      {cells(group.future)}
      {cancelled && <td>{formatNumber(group.cancelled, lang)}</td>}
    </>
  );
}

/**
 * The statement as a document to print or save as PDF on A4, in the UI language (issue 22 item
 * 13): a summary page (who, which association and turn, the totals), then the installments one
 * line per month with each status's count and sum, then the late installments and those due in
 * the next 30 days one by one. 1,200 installments printed one a line made 63 pages; this makes
 * three or four. Sums of months are added in integer piastres; "today" is Cairo's (lib/clock.ts).
 * Plain HTML, no antd. Shown by the print view, and by the page itself while the browser prints.
 */
export function StatementDocument({ statement, member }: { statement: TStatement; member: TUser | null }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const s = statement.subscription;
  const { totals } = statement;
  const numbered: Numbered[] = statement.rows.map((row, i) => ({ ...row, number: i + 1 }));
  const months = groupByMonth(statement.rows);
  const monthsTotal = sumMonths(months);
  const withCancelled = monthsTotal.cancelled > 0;
  const until = addDays(today(), NEXT_DAYS);
  const late = numbered.filter((row) => row.status === 'late');
  const soon = numbered.filter((row) => row.status === 'future' && row.due_date <= until);
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
      <section className="statement-doc-summary" data-testid="statement-summary-page">
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
              <bdi>{s.association.title}</bdi>
            </dd>
          </div>
          {/* Its own line: "(مميزة (VIP))" in parentheses after the title nested two pairs. */}
          <div>
            <dt>{t('associations.columns.type')}</dt>
            <dd>{t(`associations.labels.${s.association.type}`)}</dd>
          </div>
          <div>
            <dt>{t('membersUi.subscriptions.turn_day')}</dt>
            <dd>{dayText(t, s.day, lang)}</dd>
          </div>
          <div>
            <dt>{t('membersUi.subscriptions.cost')}</dt>
            <dd>
              <bdi>{formatMoney(s.association.cost, lang)}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('membersUi.subscriptions.payout')}</dt>
            <dd>
              <bdi>{formatMoney(s.amount, lang)}</bdi> — {t(`associations.labels.${s.transfer_status}`)}
              {s.transfer_status === 'paid' && s.transfer_date ? ` · ${formatDate(s.transfer_date, lang)}` : ''}
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
        <p className="statement-doc-note">
          {t('membersUi.statement.print_contents', { days: formatNumber(NEXT_DAYS, lang) })}
        </p>
      </section>
      <table className="statement-doc-table statement-doc-months" data-testid="statement-months">
        <caption>{t('membersUi.statement.by_month')}</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              {t('membersUi.statement.month')}
            </th>
            <th scope="col" rowSpan={2}>
              {t('membersUi.statement.columns.count')}
            </th>
            <th scope="col" colSpan={2}>
              {t('membersUi.statement.paid')}
            </th>
            <th scope="col" colSpan={2}>
              {t('membersUi.statement.late')}
            </th>
            <th scope="col" colSpan={2}>
              {t('membersUi.statement.future')}
            </th>
            {withCancelled && (
              <th scope="col" rowSpan={2}>
                {t('associations.labels.cancelled')}
              </th>
            )}
          </tr>
          <tr>
            {['paid', 'late', 'future'].map((kind) => (
              <Fragment key={kind}>
                <th scope="col">{t('membersUi.statement.number')}</th>
                <th scope="col">{t('membersUi.statement.columns.sum')}</th>
              </Fragment>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((group) => (
            <tr key={group.month}>
              <th scope="row">{formatMonth(group.month, lang)}</th>
              <MonthCells group={group} cancelled={withCancelled} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('membersUi.statement.total')}</th>
            <MonthCells group={monthsTotal} cancelled={withCancelled} />
          </tr>
        </tfoot>
      </table>
      <InstallmentList
        caption={t('membersUi.statement.late_list')}
        empty={t('membersUi.statement.no_late')}
        rows={late}
        testId="statement-late"
      />
      <InstallmentList
        caption={t('membersUi.statement.next_days', {
          days: formatNumber(NEXT_DAYS, lang),
          date: formatDate(until, lang),
        })}
        empty={t('membersUi.statement.no_next', { days: formatNumber(NEXT_DAYS, lang) })}
        rows={soon}
        testId="statement-next"
      />
      <footer className="statement-doc-foot">
        {t('membersUi.statement.generated', { app: t('app.name'), date: formatDate(statement.as_of, lang) })}
      </footer>
    </article>
  );
}
