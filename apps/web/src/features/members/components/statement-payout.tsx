import { poundsToPiastres } from '@portal/shared/money';
import type { TStatement } from '@portal/shared/schemas/members';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { Money, ReceiptNumber } from '../../ledger/components/money';
import { TransferBadge } from './badges';
import '../../ledger/components/ledger.css';

/**
 * The payout's deduction, read from the statement itself: a payout settles the installments still
 * unpaid by its date with one receipt whose method is "deducted from the payout", and its amount is
 * what those installments add up to. A reversed receipt no longer covers them, so it is not found.
 */
export function payoutDeduction(statement: TStatement): { id: number; number: string; amount: number } | null {
  let found: { id: number; number: string } | null = null;
  for (const row of statement.rows) {
    const receipt = row.receipt;
    if (receipt?.method === 'payout_deduction' && (found === null || receipt.id > found.id)) found = receipt;
  }
  if (!found) return null;
  const id = found.id;
  const sum = statement.rows.reduce((n, row) => (row.receipt?.id === id ? n + poundsToPiastres(row.amount) : n), 0);
  return { id, number: found.number, amount: sum / 100 };
}

/**
 * My payout on the statement: the amount, and once it was transferred, when, what was deducted
 * from it to settle my late installments (with that receipt, to print) and the net I received.
 */
export function StatementPayout({ statement }: { statement: TStatement }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const s = statement.subscription;
  const paid = s.transfer_status === 'paid';
  const deduction = paid ? payoutDeduction(statement) : null;
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
                <Money
                  amount={(poundsToPiastres(s.amount) - poundsToPiastres(deduction.amount)) / 100}
                  testId="statement-payout-net"
                />
              </dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}
