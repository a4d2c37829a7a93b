import type { TPayment } from '@portal/shared/schemas/associations';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateColumn, moneyColumn, userColumn } from '../../../components/data-table/columns';
import type { DataColumn } from '../../../components/data-table/table-views';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { AssociationCell } from '../../associations/components/association-cell';
import { paymentsKeys } from '../../payments/api/keys';
import { fetchPaymentsIn } from '../../payments/api/payments-api';
import { DashboardTable } from './dashboard-table';

const fetchPayments = fetchPaymentsIn({});

function DaysLate({ days }: { days: number }) {
  useTranslation();
  return <>{formatNumber(days, currentLanguage())}</>;
}

/**
 * What the dashboard's table lists: the late installments, the longest overdue first — what the
 * office has to chase. Newest first (the lists' default) would show the last subscription's
 * installments due years ahead, which tells a clerk nothing; every installment is on /payments.
 */
const LATE_FIRST = { status: 'late', sortBy: 'dueDate', sortOrder: 'asc' } as const;

/**
 * Dashboard item 7 (SPEC §2, §6: payments.index): the late installments, 5 a page, and a link to
 * them on the payments list. Its key is the payments feature's, so recording a payment refreshes it.
 */
export function DashboardPayments() {
  const { t } = useTranslation();
  const columns: DataColumn<TPayment>[] = [
    userColumn({
      key: 'user',
      title: t('associations.columns.member'),
      card: 'title',
      photo: false,
      user: (row) => row.user,
    }),
    {
      key: 'association',
      title: t('associations.columns.association'),
      render: (_, row) => <AssociationCell association={row.association} />,
    },
    dateColumn({ key: 'dueDate', title: t('associations.columns.due_date'), value: (row) => row.dueDate }),
    {
      key: 'days_late',
      title: t('associations.columns.days_late'),
      nowrap: true,
      render: (_, row) => <DaysLate days={row.days_late} />,
    },
    moneyColumn({ key: 'amount', title: t('associations.columns.amount'), unit: 'pounds', value: (row) => row.amount }),
  ];
  return (
    <Card
      title={t('dashboard.payments_table')}
      className="dashboard-card"
      data-testid="dashboard-payments"
      extra={
        <Link to={`${paths.payments}?status=late`} aria-label={t('dashboard.view_all_late')}>
          {t('dashboard.view_all')}
        </Link>
      }
    >
      <DashboardTable<TPayment>
        queryKey={paymentsKeys.list('dashboard')}
        fetchPage={fetchPayments}
        columns={columns}
        rowKey={(row) => row.id}
        label={t('dashboard.payments_table')}
        request={LATE_FIRST}
      />
    </Card>
  );
}
