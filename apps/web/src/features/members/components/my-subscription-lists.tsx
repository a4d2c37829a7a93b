import { FileTextOutlined } from '@ant-design/icons';
import type { TMySubscription } from '@portal/shared/schemas/members';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { moneyColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { paths } from '../../../config/paths';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { membersKeys } from '../api/keys';
import { mySubscriptionsQuery, useMySubscriptions } from '../api/members-api';
import { localPage } from '../lib/local-page';
import { PaymentStatusBadge, TransferBadge } from './badges';
import { dayText } from './day-text';
import { NoSubscriptions } from './my-subscriptions';
import '../members.css';

/** The way to a subscription's statement (every installment, its receipts): text on a desk and a phone card. */
function StatementLink({ subscription: s }: { subscription: TMySubscription }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.statement(s.id)}
      aria-label={t('membersUi.statement.heading', { title: s.association.title })}
      data-testid={`my-statement-${s.id}`}
    >
      <Button size="small" icon={<FileTextOutlined aria-hidden="true" />} tabIndex={-1}>
        {t('membersUi.subscriptions.statement')}
      </Button>
    </Link>
  );
}

function AssociationTitle({ subscription: s }: { subscription: TMySubscription }) {
  const { t } = useTranslation();
  return (
    <span className="member-fact-row">
      <strong>{s.association.title}</strong>
      <Tag>{t(`associations.labels.${s.association.type}`)}</Tag>
    </span>
  );
}

/** The first installment not yet paid: its amount, due date and status; or "all paid". */
function NextDue({ subscription: s }: { subscription: TMySubscription }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (!s.next_due) return <>{t('membersUi.subscriptions.next_none')}</>;
  return (
    <span className="member-fact-row" data-testid={`my-next-${s.id}`}>
      <bdi className="money">{formatMoney(s.next_due.amount, lang)}</bdi>
      <span>{formatDate(s.next_due.due_date, lang)}</span>
      <PaymentStatusBadge status={s.next_due.status} />
    </span>
  );
}

/**
 * My subscriptions as one list of the shared table, cut on screen from GET /me/subscriptions (a
 * member holds a handful): while they load the table's skeleton, a failed load its Retry, none yet
 * the way to the open associations. Each row names its association first and ends with its
 * statement; `columns` are what comes between. `list` keeps its pages and its URL keys apart from
 * another list on the same screen; `hint`, a line above the list saying what it shows.
 */
function MyList({
  list,
  caption,
  columns,
  hint,
}: {
  list: string;
  caption: string;
  columns: DataColumn<TMySubscription>[];
  hint?: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mine = useMySubscriptions();
  if (mine.isSuccess && mine.data.length === 0) return <NoSubscriptions />;
  return (
    <>
      {hint && <p className="muted my-list-hint">{t(hint)}</p>}
      <DataTable<TMySubscription>
        namespace={list}
        searchable={false}
        queryKey={membersKeys.subscriptionPages(list, mine.dataUpdatedAt)}
        fetchPage={async (body) => localPage(await queryClient.fetchQuery(mySubscriptionsQuery), body)}
        columns={[
          {
            key: 'association',
            title: t('membersUi.subscriptions.association'),
            card: 'title',
            render: (_, row) => <AssociationTitle subscription={row} />,
          },
          ...columns,
          {
            key: 'actions',
            title: t('common.actions'),
            fixed: 'end',
            render: (_, row) => <StatementLink subscription={row} />,
          },
        ]}
        rowKey={(row) => row.id}
        caption={caption}
      />
    </>
  );
}

/**
 * A member's own profile, Subscriptions tab: each subscription's installment, the turn day and its
 * date, the payout and whether it was transferred (beside its association and statement).
 */
export function MySubscriptionsList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const columns: DataColumn<TMySubscription>[] = [
    moneyColumn({
      key: 'cost',
      title: t('membersUi.subscriptions.cost'),
      unit: 'pounds',
      value: (row) => row.association.cost,
    }),
    {
      key: 'day',
      title: t('membersUi.subscriptions.turn_day'),
      render: (_, row) => dayText(t, row.day, lang),
    },
    {
      key: 'payout',
      title: t('membersUi.subscriptions.payout'),
      render: (_, row) => (
        <span className="member-fact-row">
          <bdi className="money">{formatMoney(row.amount, lang)}</bdi>
          <TransferBadge status={row.transfer_status} />
        </span>
      ),
    },
  ];
  return <MyList list="subscriptions" caption="membersUi.profile_tabs.subscriptions_caption" columns={columns} />;
}

/**
 * A member's own profile, Payments tab: where each subscription's installments stand (paid of all,
 * late, the next one due with its status), and its statement for every installment one by one.
 */
export function MyInstallmentsList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const columns: DataColumn<TMySubscription>[] = [
    {
      key: 'received',
      title: t('membersUi.subscriptions.installments'),
      nowrap: true,
      render: (_, row) =>
        t('membersUi.subscriptions.progress', {
          received: formatNumber(row.installments_received, lang),
          total: formatNumber(row.installments_total, lang),
        }),
    },
    {
      key: 'late',
      title: t('membersUi.subscriptions.late'),
      nowrap: true,
      render: (_, row) =>
        row.installments_late > 0 ? (
          <span className="member-late" data-testid={`my-late-${row.id}`}>
            {formatNumber(row.installments_late, lang)}
          </span>
        ) : (
          t('membersUi.subscriptions.late_none')
        ),
    },
    {
      key: 'next_due',
      title: t('membersUi.subscriptions.next_due'),
      render: (_, row) => <NextDue subscription={row} />,
    },
  ];
  return (
    <MyList
      list="payments"
      caption="membersUi.profile_tabs.payments_caption"
      hint="membersUi.profile_tabs.payments_hint"
      columns={columns}
    />
  );
}
