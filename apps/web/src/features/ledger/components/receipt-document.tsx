import type { TMyReceipt, TReceipt } from '@portal/shared/schemas/ledger';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { today } from '../../../lib/clock';
import { localizeDigits } from '../../../lib/digits';
import { formatDate, formatDateTime, formatId, formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { MethodText, ReferenceText } from './money';
import './receipt.css';

/** The paper a receipt prints on: an A4 page, or an 80 mm till slip. */
export type ReceiptFormat = 'a4' | 'slip';

/** What a printed receipt shows: the staff's (with the recorder, the note and the reversal's reason) or a member's own. */
export type PrintableReceipt = ({ audience: 'staff' } & TReceipt) | ({ audience: 'member' } & TMyReceipt);

function reversalOf(receipt: PrintableReceipt): { at: string | null; reason: string | null } | null {
  if (receipt.audience === 'staff') {
    return receipt.reversal ? { at: receipt.reversal.reversed_at, reason: receipt.reversal.reason } : null;
  }
  return receipt.reversed ? { at: receipt.reversed_at, reason: null } : null;
}

/**
 * A receipt (إيصال استلام) as a document to print or save as PDF, in the UI language: its number,
 * the day the money came in and when it was recorded, who paid, the association and the turn day,
 * every installment it covers with its due date, the amount in EGP, how it was paid and its
 * reference, and (for staff) who recorded it. A reversed receipt says so at the top, across the
 * page and beside the amount: it proves no payment. Plain HTML, no antd; `format` chooses an A4
 * page or an 80 mm slip (receipt.css names the page, so the browser prints on the right paper).
 */
export function ReceiptDocument({ receipt, format }: { receipt: PrintableReceipt; format: ReceiptFormat }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const reversal = reversalOf(receipt);
  const staff = receipt.audience === 'staff' ? receipt : null;
  const facts: [string, ReactNode, string][] = [
    [t('ledgerUi.receive.received_on'), formatDate(receipt.date, lang), 'date'],
    [t('ledgerUi.receipt.recorded_at'), formatDateTime(receipt.created_at, lang), 'recorded-at'],
    [
      t('ledgerUi.receipt.paid_by'),
      <>
        <bdi>{receipt.member.name}</bdi> · <bdi dir="ltr">{localizeDigits(receipt.member.phone, lang)}</bdi>
      </>,
      'member',
    ],
    [
      t('associations.columns.association'),
      <>
        <bdi>{receipt.association.title}</bdi> (<bdi dir="ltr">{localizeDigits(receipt.association.code, lang)}</bdi>)
      </>,
      'association',
    ],
    [
      t('ledgerUi.turn_day'),
      t('ledgerUi.day_on', {
        day: formatId(receipt.subscription.day_number, lang),
        date: formatDate(receipt.subscription.date, lang),
      }),
      'day',
    ],
    [t('ledgerUi.receive.method'), <MethodText key="m" method={receipt.method} />, 'method'],
    [t('associations.columns.reference'), <ReferenceText key="r" value={receipt.reference} />, 'reference'],
  ];
  if (staff) {
    facts.push([t('ledger.labels.recorded_by'), staff.recorded_by?.name ?? '—', 'recorded-by']);
    if (staff.note) facts.push([t('ledgerUi.receipt.note'), staff.note, 'note']);
  }

  return (
    <article
      className={`print-document receipt-document receipt-${format}${reversal ? ' is-reversed' : ''}`}
      aria-labelledby="receipt-title"
      data-testid="receipt-document"
      data-reversed={reversal ? 'true' : 'false'}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is reached by keyboard (WCAG 2.1.1).
      tabIndex={0}
    >
      {reversal && (
        <p className="receipt-watermark" aria-hidden="true">
          {t('ledgerUi.receipt.reversed_mark')}
        </p>
      )}
      <header className="receipt-head">
        <div>
          <p className="receipt-brand">{t('app.name')}</p>
          <h2 id="receipt-title" className="receipt-title">
            {t('ledgerUi.receipt.title')}
          </h2>
        </div>
        <p className="receipt-number">
          <span className="receipt-number-label">{t('ledger.labels.receipt_number')}</span>
          <bdi dir="ltr" data-testid="receipt-number">
            {localizeDigits(receipt.number, lang)}
          </bdi>
        </p>
      </header>
      {reversal && (
        <div className="receipt-reversed" role="note" data-testid="receipt-reversed">
          <strong>{t('ledgerUi.receipt.reversed_title')}</strong>
          <span>
            {reversal.at
              ? t('ledgerUi.receipt.reversed_on', { date: formatDateTime(reversal.at, lang) })
              : t('ledgerUi.receipt.reversed_text')}
          </span>
          {reversal.reason && (
            <span>
              {t('ledger.labels.reason')}: {reversal.reason}
            </span>
          )}
        </div>
      )}
      <p className="receipt-amount">
        <span>{t('ledgerUi.receipt.amount_received')}</span>
        <bdi className="money" data-testid="receipt-amount">
          {formatMoney(receipt.amount, lang)}
        </bdi>
      </p>
      <dl className="receipt-facts">
        {facts.map(([label, value, key]) => (
          <div key={key} data-testid={`receipt-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <table className="receipt-lines">
        <caption>
          {t('ledgerUi.receipt.covers', {
            count: receipt.installments.length,
            formatted: formatNumber(receipt.installments.length, lang),
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('associations.columns.day_number')}</th>
            <th scope="col">{t('associations.columns.due_date')}</th>
            <th scope="col">{t('associations.columns.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {receipt.installments.map((line) => (
            <tr key={line.id}>
              <td>{formatId(line.day_number, lang)}</td>
              <td>{formatDate(line.due_date, lang)}</td>
              <td>
                <bdi>{formatMoney(line.amount, lang)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('ledgerUi.receipt.total')}
            </th>
            <td>
              <bdi>{formatMoney(receipt.amount, lang)}</bdi>
            </td>
          </tr>
        </tfoot>
      </table>
      {staff && (
        <p className="receipt-sign">
          <span>{t('ledgerUi.receipt.signature')}</span>
          <span className="receipt-sign-line" />
        </p>
      )}
      <footer className="receipt-foot">
        {t('ledgerUi.receipt.printed', { app: t('app.name'), date: formatDate(today(), lang) })}
      </footer>
    </article>
  );
}
