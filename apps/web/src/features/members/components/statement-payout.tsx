import type { TStatement } from '@portal/shared/schemas/members';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useMyReceipt } from '../../ledger/api/ledger-api';
import { Money, ReceiptNumber } from '../../ledger/components/money';
import { TransferBadge } from './badges';
import '../../ledger/components/ledger.css';

/**
 * The receipt that may hold the payout's deduction: a payout settles the installments still unpaid
 * by its date with one receipt (method "deducted from the payout"), recorded with it, so it is the
 * newest receipt among the installments due by that date. Only a receipt that says it is a
 * deduction is shown as one (GET /me/receipts/{id}); none found, nothing is claimed.
 */
export function deductionCandidate(statement: TStatement): number | null {
  const s = statement.subscription;
  const by = s.transfer_date ?? s.day.date;
  let newest: number | null = null;
  for (const row of statement.rows) {
    if (row.status === 'received' && row.receipt && row.due_date <= by) {
      if (newest === null || row.receipt.id > newest) newest = row.receipt.id;
    }
  }
  return newest;
}

/** Piastres, to subtract money exactly (the amounts have at most two decimals). */
const piastres = (pounds: number) => Math.round(pounds * 100);

/**
 * My payout on the statement: the amount, and once it was transferred, when, what was deducted
 * from it to settle my late installments (with that receipt, to print) and the net I received.
 */
export function StatementPayout({ statement }: { statement: TStatement }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const s = statement.subscription;
  const paid = s.transfer_status === 'paid';
  const candidate = paid ? deductionCandidate(statement) : null;
  const receipt = useMyReceipt(candidate ?? 0);
  const deduction =
    receipt.data && receipt.data.method === 'payout_deduction' && !receipt.data.reversed ? receipt.data : null;
  return (
    <section
      className="member-card statement-payout"
      aria-labelledby="statement-payout-title"
      data-testid="statement-payout"
    >
      <div className="statement-payout-head">
        <h2 id="statement-payout-title" className="member-card-title">
          {t('ledgerUi.statement.payout_title')}
        </h2>
        <TransferBadge status={s.transfer_status} />
      </div>
      <p className="muted">
        {paid
          ? t('ledgerUi.statement.payout_on', { date: formatDate(s.transfer_date, lang) })
          : t('ledgerUi.statement.payout_due', { date: formatDate(s.day.date, lang) })}
      </p>
      <dl className="money-lines">
        <div className="money-line">
          <dt>{t('ledgerUi.statement.payout_gross')}</dt>
          <dd>
            <Money amount={s.amount} testId="statement-payout-gross" />
          </dd>
        </div>
        {deduction && (
          <>
            <div className="money-line money-line-deduct">
              <dt>
                {t('ledgerUi.statement.payout_deducted')}
                <span className="money-line-note">
                  <Link
                    to={paths.myReceiptPrint(deduction.id)}
                    aria-label={t('ledgerUi.statement.print_receipt', { number: deduction.number })}
                  >
                    {t('ledgerUi.statement.deduction_receipt')} <ReceiptNumber number={deduction.number} />
                  </Link>
                </span>
              </dt>
              <dd>
                <Money amount={-deduction.amount} testId="statement-payout-deducted" />
              </dd>
            </div>
            <div className="money-line money-line-total">
              <dt>{t('ledgerUi.statement.payout_net')}</dt>
              <dd>
                <Money amount={(piastres(s.amount) - piastres(deduction.amount)) / 100} testId="statement-payout-net" />
              </dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}
