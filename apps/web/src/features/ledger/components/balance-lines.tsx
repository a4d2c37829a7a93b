import type { TSubscriptionBalance } from '@portal/shared/schemas/ledger';
import { useTranslation } from 'react-i18next';
import { Money } from './money';

/**
 * A subscription's money so far, from the ledger (the server sums it): paid in, paid out,
 * refunded, and what that leaves — owed back to the member, or, when negative, owed by them.
 */
export function BalanceLines({ balance }: { balance: TSubscriptionBalance }) {
  const { t } = useTranslation();
  const owedByMember = balance.owed_back < 0;
  return (
    <dl className="money-lines" data-testid="balance-lines">
      <div className="money-line">
        <dt>{t('ledger.labels.paid')}</dt>
        <dd>
          <Money amount={balance.paid} testId="balance-paid" />
        </dd>
      </div>
      <div className="money-line">
        <dt>{t('ledger.labels.paid_out')}</dt>
        <dd>
          <Money amount={balance.paid_out} testId="balance-paid-out" />
        </dd>
      </div>
      <div className="money-line">
        <dt>{t('ledger.labels.refunded')}</dt>
        <dd>
          <Money amount={balance.refunded} testId="balance-refunded" />
        </dd>
      </div>
      <div className="money-line money-line-total">
        <dt>{t(owedByMember ? 'ledgerUi.balance.owed_by_member' : 'ledger.labels.owed_back')}</dt>
        <dd>
          <Money amount={Math.abs(balance.owed_back)} testId="balance-owed-back" />
        </dd>
      </div>
    </dl>
  );
}
