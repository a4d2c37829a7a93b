import { FileTextOutlined, SwapOutlined } from '@ant-design/icons';
import type { TMySubscription } from '@portal/shared/schemas/members';
import { Button, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { PaymentStatusBadge, TransferBadge } from './badges';
import { dayText } from './day-text';
import { CancelTurnMove } from './cancel-turn-move';
import { ProgressBar, receivedPercent } from './progress-bar';
import '../members.css';
import { ConnectionButton } from '../../../components/feedback/needs-connection';

// The dialog (a form, a day picker, the shared schema) loads when a member first opens it.
const TurnMoveDialog = lazy(async () => ({ default: (await import('./turn-move-dialog')).TurnMoveDialog }));

/**
 * One of my subscriptions, as a card a phone shows whole (DESIGN: a customer on a 390 px phone):
 * the association, my turn day and its date, the payout and whether it was transferred, how many
 * installments I paid of how many, how many are late, and the next one due. Its actions follow
 * what the server says I may do: the statement always, "move my turn" when `can_move`, and a
 * request in review shown with its cancel.
 */
export function SubscriptionCard({
  subscription: s,
  level = 2,
}: {
  subscription: TMySubscription;
  /** The card title's heading level: 3 where the list sits under a heading of its own (the home). */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [moving, setMoving] = useState(false);
  const titleId = `subscription-${s.id}-title`;
  const progressText = t('membersUi.subscriptions.progress', {
    received: formatNumber(s.installments_received, lang),
    total: formatNumber(s.installments_total, lang),
  });
  return (
    <article className="member-card subscription-card" data-testid={`subscription-${s.id}`} aria-labelledby={titleId}>
      <div className="member-card-head">
        <Heading id={titleId} className="subscription-card-title">
          {s.association.title}
        </Heading>
        <Tag>{t(`associations.labels.${s.association.type}`)}</Tag>
      </div>
      <dl className="member-facts">
        <div>
          <dt>{t('membersUi.subscriptions.turn_day')}</dt>
          <dd data-testid={`subscription-${s.id}-day`}>{dayText(t, s.day, lang)}</dd>
        </div>
        <div>
          <dt>{t('membersUi.subscriptions.payout')}</dt>
          <dd className="member-fact-row">
            <bdi className="money member-strong">{formatMoney(s.amount, lang)}</bdi>
            <TransferBadge status={s.transfer_status} />
            {s.transfer_status === 'paid' && s.transfer_date && (
              <span className="muted">
                {t('membersUi.subscriptions.transferred_on', { date: formatDate(s.transfer_date, lang) })}
              </span>
            )}
          </dd>
        </div>
        <div className="member-facts-wide">
          <dt>{t('membersUi.subscriptions.installments')}</dt>
          <dd>
            <ProgressBar
              percent={receivedPercent(s.installments_received, s.installments_total)}
              label={t('membersUi.subscriptions.progress_label', {
                received: formatNumber(s.installments_received, lang),
                total: formatNumber(s.installments_total, lang),
              })}
            />
            <span data-testid={`subscription-${s.id}-progress`}>{progressText}</span>
          </dd>
        </div>
        <div>
          <dt>{t('membersUi.subscriptions.late')}</dt>
          <dd data-testid={`subscription-${s.id}-late`} className={s.installments_late > 0 ? 'member-late' : undefined}>
            {s.installments_late > 0 ? formatNumber(s.installments_late, lang) : t('membersUi.subscriptions.late_none')}
          </dd>
        </div>
        <div>
          <dt>{t('membersUi.subscriptions.next_due')}</dt>
          <dd className="member-fact-row" data-testid={`subscription-${s.id}-next`}>
            {s.next_due ? (
              <>
                <bdi className="money">{formatMoney(s.next_due.amount, lang)}</bdi>
                <span>{formatDate(s.next_due.due_date, lang)}</span>
                <PaymentStatusBadge status={s.next_due.status} />
              </>
            ) : (
              t('membersUi.subscriptions.next_none')
            )}
          </dd>
        </div>
      </dl>
      {s.open_turn_move && (
        <section
          className="open-move"
          data-testid={`subscription-${s.id}-open-move`}
          aria-labelledby={`${titleId}-move`}
        >
          <div className="open-move-text">
            <strong id={`${titleId}-move`}>{t('membersUi.subscriptions.open_move')}</strong>
            <span>
              {t('membersUi.subscriptions.open_move_text', {
                day: dayText(t, s.open_turn_move.to_day, lang),
                sent: formatDate(s.open_turn_move.created_at, lang),
              })}
            </span>
          </div>
          <CancelTurnMove
            id={s.open_turn_move.id}
            toDay={s.open_turn_move.to_day.day_number}
            fromDay={s.day.day_number}
          />
        </section>
      )}
      <div className="subscription-actions">
        <Link to={paths.statement(s.id)}>
          <Button icon={<FileTextOutlined aria-hidden="true" />} tabIndex={-1}>
            {t('membersUi.subscriptions.statement')}
          </Button>
        </Link>
        {s.can_move && (
          <ConnectionButton
            icon={<SwapOutlined aria-hidden="true" />}
            onClick={() => setMoving(true)}
            aria-label={t('membersUi.subscriptions.move_label', { title: s.association.title })}
            data-testid={`subscription-${s.id}-move`}
          >
            {t('membersUi.subscriptions.move')}
          </ConnectionButton>
        )}
      </div>
      {moving && (
        <Suspense fallback={null}>
          <TurnMoveDialog subscription={s} onClose={() => setMoving(false)} />
        </Suspense>
      )}
    </article>
  );
}
