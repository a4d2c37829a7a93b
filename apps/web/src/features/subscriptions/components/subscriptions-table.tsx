import { EyeOutlined, PlusOutlined, WalletOutlined } from '@ant-design/icons';
import type { TransferStatus, TSubscription } from '@portal/shared/schemas/associations';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type BadgeColor,
  dateColumn,
  idColumn,
  moneyColumn,
  StatusBadge,
  userColumn,
} from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { ActionLink, RowActions } from '../../../components/data-table/row-actions';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { today } from '../../../lib/clock';
import { formatId } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { lazyWithTexts } from '../../../lib/lazy-with-texts';
import { AssociationCell } from '../../associations/components/association-cell';
import { associationFilter } from '../../associations/components/association-filter';
import { subscriptionsKeys } from '../api/keys';
import { fetchSubscriptionsIn, type SubscriptionScope } from '../api/subscriptions-api';
import { memberFilter } from './member-filter';

// The payout dialog (a form with a date picker) downloads when it is first opened.
const PayoutDialog = lazyWithTexts(() => import('./payout-dialog'), ['ledger']);

/** SPEC §3 transferStatus badge: unpaid danger, paid success. */
export const TRANSFER_COLORS: Record<TransferStatus, BadgeColor> = { unpaid: 'error', paid: 'success' };

/**
 * Whether the payout may be recorded now: an active subscription, unpaid, whose day has come
 * (today in Cairo); the server decides again (and quotes the arrears first).
 */
export function payoutDue(
  row: Pick<TSubscription, 'transferStatus' | 'date' | 'subscription_status'>,
  day = today(),
): boolean {
  return row.subscription_status === 'active' && row.transferStatus === 'unpaid' && row.date <= day;
}

/** The payout's badge, and "withdrawn" beside it when the member left. */
function TransferCell({ row }: { row: TSubscription }) {
  return (
    <span className="payment-status">
      <StatusBadge
        color={TRANSFER_COLORS[row.transferStatus]}
        label={`associations.labels.${row.transferStatus}`}
        testId={`transfer-status-${row.id}`}
      />
      {row.subscription_status === 'cancelled' && (
        <StatusBadge color="default" label="ledger.labels.cancelled" testId={`subscription-state-${row.id}`} />
      )}
    </span>
  );
}

function filtersFor(scope: SubscriptionScope): FilterDef[] {
  const defs: FilterDef[] = [
    {
      kind: 'select',
      name: 'status',
      label: 'associations.columns.transfer_status',
      options: [
        { value: 'unpaid', label: 'associations.labels.unpaid' },
        { value: 'paid', label: 'associations.labels.paid' },
      ],
    },
    {
      kind: 'select',
      name: 'subscription_status',
      label: 'ledgerUi.subscription.state',
      options: [
        { value: 'active', label: 'ledger.labels.active' },
        { value: 'cancelled', label: 'ledger.labels.cancelled' },
      ],
    },
  ];
  if (scope.association_id === undefined) defs.push(associationFilter());
  if (scope.user_id === undefined) defs.push(memberFilter());
  defs.push({ kind: 'dateRange', label: 'associations.columns.turn_date' });
  return defs;
}

function DayNumber({ day }: { day: number }) {
  useTranslation();
  return <>{formatId(day, currentLanguage())}</>;
}

type Props = {
  /** Filters the screen fixes: an association's tab, a member's tab. */
  scope?: SubscriptionScope;
  /** Prefix of this table's keys in the URL, for a tab beside other tables. */
  namespace?: string;
  /**
   * `subscriptions` (default): SPEC §3's columns with the payout; `associations`: what a
   * member's profile lists under Associations (which association, which day, its cost).
   */
  variant?: 'subscriptions' | 'associations';
  /** Show the add button (the list screen). */
  withAdd?: boolean;
  /** Nothing may be recorded (a closed association): no payout action. */
  readOnly?: boolean;
};

/**
 * Subscriptions (SPEC §3 columns): member, payout day, association and cost, payout, day number,
 * transfer badge (and "withdrawn"); each opens its page (balance, history, money actions); the
 * payout dialog on an active subscription whose day has come. Active ones unless the filter asks
 * for the withdrawn. Server-paged, filtered and exported with the shared table.
 */
export function SubscriptionsTable({
  scope = {},
  namespace,
  variant = 'subscriptions',
  withAdd,
  readOnly = false,
}: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const [payout, setPayout] = useState<TSubscription | null>(null);
  const todayInCairo = today();
  const full = variant === 'subscriptions';

  const columns: DataColumn<TSubscription>[] = [idColumn()];
  if (scope.user_id === undefined) {
    columns.push(
      userColumn({
        key: 'member',
        title: t('associations.columns.member'),
        card: 'title',
        photo: false,
        user: (row) => ({ id: row.user_id, name: row.userName, phone: row.userPhone }),
      }),
    );
  }
  if (scope.association_id === undefined) {
    columns.push({
      key: 'association',
      title: t('associations.columns.association'),
      card: scope.user_id === undefined ? undefined : 'title',
      render: (_, row) => <AssociationCell association={row.association} showCost={full} />,
    });
  }
  if (!full) {
    columns.push(
      moneyColumn({
        key: 'cost',
        title: t('associations.columns.cost'),
        unit: 'pounds',
        value: (row) => row.association.cost,
      }),
    );
  }
  columns.push(
    {
      key: 'dayNumber',
      title: t('associations.columns.day_number'),
      sortKey: 'dayNumber',
      nowrap: true,
      render: (_, row) => <DayNumber day={row.dayNumber} />,
    },
    dateColumn({
      key: 'date',
      title: t('associations.columns.turn_date'),
      sortKey: 'date',
      value: (row) => row.date,
    }),
  );
  if (full) {
    columns.push(
      moneyColumn({
        key: 'amount',
        title: t('associations.columns.payout'),
        sortKey: 'amount',
        unit: 'pounds',
        value: (row) => row.amount,
      }),
    );
  }
  columns.push({
    key: 'transferStatus',
    title: t('associations.columns.transfer_status'),
    nowrap: true,
    render: (_, row) => <TransferCell row={row} />,
  });
  if (full) {
    const canPay = can('subscriptions.put') && !readOnly;
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => (
        <RowActions>
          <ActionLink
            to={paths.subscription(row.id)}
            label={t('ledgerUi.subscription.view', { member: row.userName, association: row.association.title })}
            icon={<EyeOutlined />}
            testId={`subscription-view-${row.id}`}
          />
          {canPay && payoutDue(row, todayInCairo) && (
            <Button
              size="small"
              type="primary"
              icon={<WalletOutlined />}
              onClick={() => setPayout(row)}
              data-testid={`payout-${row.id}`}
            >
              {t('subscriptionsUi.payout.action')}
            </Button>
          )}
        </RowActions>
      ),
    });
  }

  return (
    <>
      <DataTable<TSubscription>
        queryKey={subscriptionsKeys.list(`${variant}:${JSON.stringify(scope)}`)}
        namespace={namespace}
        fetchPage={fetchSubscriptionsIn(scope)}
        columns={columns}
        rowKey={(row) => row.id}
        filters={filtersFor(scope)}
        searchable={false}
        caption={full ? 'subscriptionsUi.list_caption' : 'subscriptionsUi.associations_caption'}
        exportTo={{ path: '/subscriptions/export', name: 'subscriptions', request: (body) => ({ ...body, ...scope }) }}
        actions={
          withAdd && can('subscriptions.put') ? (
            <Link to={paths.subscriptionCreate}>
              <Button type="primary" icon={<PlusOutlined />} tabIndex={-1} data-testid="subscription-add">
                {t('subscriptionsUi.add')}
              </Button>
            </Link>
          ) : undefined
        }
      />
      {payout && (
        <Suspense fallback={null}>
          <PayoutDialog subscription={payout} onClose={() => setPayout(null)} />
        </Suspense>
      )}
    </>
  );
}
