import { LogoutOutlined, RollbackOutlined, SwapOutlined, UndoOutlined, WalletOutlined } from '@ant-design/icons';
import type { TSubscriptionDetail } from '@portal/shared/schemas/associations';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/data-table/columns';
import { Panel } from '../../../components/layout/panel';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { useDigits } from '../../../lib/digits';
import { formatDate, formatId, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { STATUS_COLORS } from '../../associations/components/labels';
import type { ReversalTarget } from '../../ledger/api/ledger-api';
import { Money, ReferenceText } from '../../ledger/components/money';
import '../../ledger/components/ledger.css';
import { TRANSFER_COLORS } from './subscriptions-table';

// Each dialog (a form) downloads when it is first opened.
const PayoutDialog = lazy(() => import('./payout-dialog'));
const WithdrawDialog = lazy(() => import('./withdraw-dialog'));
const RefundDialog = lazy(() => import('./refund-dialog'));
const ReplaceDialog = lazy(() => import('./replace-dialog'));
const ReverseDialog = lazy(() => import('../../ledger/components/reverse-dialog'));

type Open = 'payout' | 'withdraw' | 'refund' | 'replace' | null;

/** Active, or withdrawn: the subscription's own state, beside its payout's. */
const STATE_COLORS = { active: 'success', cancelled: 'default' } as const;

/**
 * A subscription's page head: who holds it, which association and day, the payout and its state,
 * the balance from the ledger, and the money actions the user may take now (each decided by the
 * server's flags, which it checks again): record the payout, reverse it, withdraw the member,
 * record a refund, hand the subscription to another member. A closed association offers none but
 * the reversal.
 */
export function SubscriptionSummary({ subscription }: { subscription: TSubscriptionDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const digits = useDigits();
  const can = useCan();
  const s = subscription;
  const [open, setOpen] = useState<Open>(null);
  const [reversing, setReversing] = useState<ReversalTarget | null>(null);
  const staff = can('subscriptions.put');
  const { balance } = s;

  const tiles: { key: string; label: string; amount: number; note?: string }[] = [
    { key: 'paid', label: t('ledger.labels.paid'), amount: balance.paid },
    {
      key: 'late',
      label: t('ledgerUi.balance.late'),
      amount: balance.late_sum,
      note: t('ledgerUi.balance.installments', {
        count: balance.late_count,
        formatted: formatNumber(balance.late_count, lang),
      }),
    },
    {
      key: 'future',
      label: t('ledgerUi.balance.future'),
      amount: balance.future_sum,
      note: t('ledgerUi.balance.installments', {
        count: balance.future_count,
        formatted: formatNumber(balance.future_count, lang),
      }),
    },
    { key: 'paid-out', label: t('ledger.labels.paid_out'), amount: balance.paid_out },
  ];
  if (s.subscription_status === 'cancelled' || balance.refunded > 0) {
    tiles.push(
      { key: 'refunded', label: t('ledger.labels.refunded'), amount: balance.refunded },
      {
        key: 'owed-back',
        label: t(balance.owed_back < 0 ? 'ledgerUi.balance.owed_by_member' : 'ledger.labels.owed_back'),
        amount: Math.abs(balance.owed_back),
      },
    );
  }

  const actions = (
    <div className="money-actions">
      {staff && s.payout_due && (
        <Button
          type="primary"
          icon={<WalletOutlined />}
          onClick={() => setOpen('payout')}
          data-testid="subscription-payout"
        >
          {t('subscriptionsUi.payout.action')}
        </Button>
      )}
      {can('payments.reverse') && s.transferStatus === 'paid' && s.payout_id !== null && (
        <Button
          danger
          icon={<RollbackOutlined />}
          onClick={() => setReversing({ kind: 'payout', id: s.payout_id as number })}
          data-testid="subscription-reverse-payout"
        >
          {t('ledgerUi.reverse.payout_action')}
        </Button>
      )}
      {staff && s.can_refund && (
        <Button icon={<UndoOutlined />} onClick={() => setOpen('refund')} data-testid="subscription-refund">
          {t('ledgerUi.refund.action')}
        </Button>
      )}
      {staff && s.can_replace && (
        <Button icon={<SwapOutlined />} onClick={() => setOpen('replace')} data-testid="subscription-replace">
          {t('ledgerUi.replace.action')}
        </Button>
      )}
      {staff && s.can_withdraw && (
        <Button
          danger
          icon={<LogoutOutlined />}
          onClick={() => setOpen('withdraw')}
          data-testid="subscription-withdraw"
        >
          {t('ledgerUi.withdraw.action')}
        </Button>
      )}
    </div>
  );

  return (
    <Panel title={t('ledgerUi.subscription.data')} extra={actions} testId="subscription-summary">
      <dl className="money-facts">
        <dt>{t('associations.columns.member')}</dt>
        <dd data-testid="subscription-member">
          <Link to={paths.user(s.user_id)}>
            <bdi>{s.userName}</bdi>
          </Link>{' '}
          · <bdi dir="ltr">{digits(s.userPhone)}</bdi>
        </dd>
        <dt>{t('associations.columns.association')}</dt>
        <dd>
          <Link to={paths.association(s.association.id)}>{s.association.title}</Link>{' '}
          <StatusBadge
            color={STATUS_COLORS[s.association_status]}
            label={`associations.labels.${s.association_status}`}
            testId="subscription-association-status"
          />
        </dd>
        <dt>{t('ledgerUi.turn_day')}</dt>
        <dd>{t('ledgerUi.day_on', { day: formatId(s.dayNumber, lang), date: formatDate(s.date, lang) })}</dd>
        <dt>{t('associations.columns.payout')}</dt>
        <dd>
          <Money amount={s.amount} testId="subscription-amount" />{' '}
          <StatusBadge
            color={TRANSFER_COLORS[s.transferStatus]}
            label={`associations.labels.${s.transferStatus}`}
            testId="subscription-transfer-status"
          />
          {s.transferStatus === 'paid' && (
            <span className="money-line-note">
              {t('ledgerUi.subscription.transferred', { date: formatDate(s.transfer_date, lang) })} ·{' '}
              <ReferenceText value={s.transfer_reference} />
            </span>
          )}
        </dd>
        <dt>{t('ledgerUi.subscription.state')}</dt>
        <dd>
          <StatusBadge
            color={STATE_COLORS[s.subscription_status]}
            label={`ledger.labels.${s.subscription_status}`}
            testId="subscription-state"
          />
        </dd>
      </dl>
      <dl className="balance-tiles" aria-label={t('ledgerUi.balance.title')}>
        {tiles.map((tile) => (
          <div key={tile.key} className="balance-tile" data-testid={`balance-${tile.key}`}>
            <dt>{tile.label}</dt>
            <dd>
              <Money amount={tile.amount} />
              {tile.note && <span className="balance-tile-note">{tile.note}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <Suspense fallback={null}>
        {open === 'payout' && <PayoutDialog subscription={s} onClose={() => setOpen(null)} />}
        {open === 'withdraw' && (
          <WithdrawDialog subscription={s} onClose={() => setOpen(null)} onRefund={() => setOpen('refund')} />
        )}
        {open === 'refund' && <RefundDialog subscription={s} onClose={() => setOpen(null)} />}
        {open === 'replace' && <ReplaceDialog subscription={s} onClose={() => setOpen(null)} />}
        {reversing && <ReverseDialog target={reversing} onClose={() => setReversing(null)} />}
      </Suspense>
    </Panel>
  );
}
