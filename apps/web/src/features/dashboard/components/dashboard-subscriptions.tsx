import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { TransferStatus, TSubscription } from '@portal/shared/schemas/associations';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type BadgeColor, StatusBadge, userColumn } from '../../../components/data-table/columns';
import { ActionLink } from '../../../components/data-table/row-actions';
import type { DataColumn } from '../../../components/data-table/table-views';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { formatDate, formatId, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { AssociationCell } from '../../associations/components/association-cell';
import { subscriptionsKeys } from '../../subscriptions/api/keys';
import { fetchSubscriptionsIn } from '../../subscriptions/api/subscriptions-api';
import { DashboardTable } from './dashboard-table';

/** SPEC §4: unpaid danger, paid success — the subscriptions list's badges (see dashboard-payments.tsx for why here too). */
const TRANSFER_COLORS: Record<TransferStatus, BadgeColor> = { unpaid: 'error', paid: 'success' };

const fetchSubscriptions = fetchSubscriptionsIn({});

/** The payout's date with its day number under it: one column, not two (issue 22 item 14). */
function PayoutDay({ date, n }: { date: string; n: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <span className="dashboard-day">
      <span>{formatDate(date, lang)}</span>
      <span className="muted">{t('dashboard.day_short', { day: formatId(n, lang) })}</span>
    </span>
  );
}

/**
 * Dashboard item 9 (SPEC §2, §6: subscriptions.index): the newest subscriptions, 5 a page, with an
 * add link to /subscriptions/create (for subscriptions.put holders) and a show action to the
 * association. Its key is the subscriptions feature's, so a new subscription refreshes it.
 */
export function DashboardSubscriptions() {
  const { t } = useTranslation();
  const can = useCan();
  const columns: DataColumn<TSubscription>[] = [
    userColumn({
      key: 'user',
      title: t('associations.columns.member'),
      card: 'title',
      photo: false,
      user: (row) => ({ id: row.user_id, name: row.userName, phone: row.userPhone }),
    }),
    {
      key: 'association',
      title: t('associations.columns.association'),
      render: (_, row) => <AssociationCell association={row.association} />,
    },
    // The card is two thirds of the page: seven columns left the transfer status behind the
    // actions ("Not transferr…" in English). The day number goes under the payout's date, the
    // status under the payout: five columns and the actions fit.
    {
      key: 'date',
      title: t('associations.columns.turn_date'),
      nowrap: true,
      render: (_, row) => <PayoutDay date={row.date} n={row.dayNumber} />,
    },
    // The payout and, under it, whether it was transferred: the badge is never behind the actions.
    {
      key: 'amount',
      title: t('associations.columns.payout'),
      nowrap: true,
      render: (_, row) => (
        <span className="dashboard-day">
          <bdi className="money">{formatMoney(row.amount, currentLanguage())}</bdi>
          <span>
            <StatusBadge
              color={TRANSFER_COLORS[row.transferStatus]}
              label={`associations.labels.${row.transferStatus}`}
            />
          </span>
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => (
        <ActionLink
          to={paths.association(row.association.id)}
          label={t('dashboard.show_association', { title: row.association.title })}
          icon={<EyeOutlined />}
        />
      ),
    },
  ];
  return (
    <Card
      title={t('dashboard.subscriptions_table')}
      className="dashboard-card"
      data-testid="dashboard-subscriptions"
      extra={
        can('subscriptions.put') ? (
          <Link to={paths.subscriptionCreate}>
            <Button size="small" type="primary" icon={<PlusOutlined aria-hidden="true" />} tabIndex={-1}>
              {t('dashboard.add_subscription')}
            </Button>
          </Link>
        ) : undefined
      }
    >
      <DashboardTable<TSubscription>
        queryKey={subscriptionsKeys.list('dashboard')}
        fetchPage={fetchSubscriptions}
        columns={columns}
        rowKey={(row) => row.id}
        label={t('dashboard.subscriptions_table')}
      />
    </Card>
  );
}
