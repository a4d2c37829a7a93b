import type { TCashReportRow } from '@portal/shared/schemas/reports';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { paths } from '../../../config/paths';
import { useDigits } from '../../../lib/digits';
import { formatDate, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { STATUS_COLORS } from '../../associations/components/labels';
import { reportsKeys } from '../api/keys';
import { fetchCashLines } from '../api/reports-api';
import { Egp } from './cash-figures';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'title', label: 'cashReport.lines.association' },
  { kind: 'text', name: 'code', label: 'associations.columns.code', dir: 'ltr' },
  {
    kind: 'select',
    name: 'status',
    label: 'cashReport.lines.status',
    options: [
      { value: 'pending', label: 'associations.labels.pending' },
      { value: 'started', label: 'associations.labels.started' },
      { value: 'closed', label: 'associations.labels.closed' },
    ],
  },
];

/** The association, linking to its Ledger tab, with its code under it. */
function AssociationName({ row }: { row: TCashReportRow }) {
  const { t } = useTranslation();
  const digits = useDigits();
  return (
    <>
      <Link
        to={`${paths.association(row.id)}?tab=ledger`}
        aria-label={t('cashReport.lines.open', { title: row.title })}
        data-testid={`cash-line-${row.id}`}
      >
        {row.title}
      </Link>
      <span className="cash-line-sub">
        <bdi dir="ltr">{digits(row.code)}</bdi>
      </span>
    </>
  );
}

/** A cash position: the amount, and below zero the word "shortfall" beside it (never colour alone). */
function CashCell({ amount }: { amount: number }) {
  const { t } = useTranslation();
  if (amount >= 0) return <Egp amount={amount} />;
  return (
    <span className="cash-negative-amount">
      <Egp amount={amount} />{' '}
      <Tag color="error" className="cash-shortfall">
        {t('cashReport.figures.shortfall')}
      </Tag>
    </span>
  );
}

/**
 * The report's lines (POST /reports/cash/associations): one association each, in the shared table
 * (paging, sorting by code, title, start date, days held, collected, paid out, cash position;
 * filters; the export of every line the filters match, with every figure). The columns that decide
 * come first (cash position, arrears, payouts due, the first day below zero); what came in and went
 * out last, where a narrow screen scrolls to them.
 */
export function CashLinesTable() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const columns: DataColumn<TCashReportRow>[] = [
    {
      key: 'title',
      title: t('cashReport.lines.association'),
      sortKey: 'title',
      card: 'title',
      render: (_, row) => <AssociationName row={row} />,
    },
    statusColumn({
      key: 'status',
      title: t('cashReport.lines.status'),
      value: (row) => row.status,
      colors: STATUS_COLORS,
      label: (status) => `associations.labels.${status}`,
    }),
    {
      key: 'fill',
      title: t('cashReport.lines.fill'),
      sortKey: 'days_held',
      nowrap: true,
      render: (_, row) => (
        <bdi>{formatNumber(row.figures.fill_rate, lang, { style: 'percent', maximumFractionDigits: 1 })}</bdi>
      ),
    },
    {
      key: 'cash_position',
      title: t('cashReport.lines.cash_position'),
      sortKey: 'cash_position',
      nowrap: true,
      render: (_, row) => <CashCell amount={row.figures.cash_position} />,
    },
    {
      key: 'arrears',
      title: t('cashReport.lines.arrears'),
      nowrap: true,
      render: (_, row) => <Egp amount={row.figures.arrears.sum} />,
    },
    {
      key: 'payouts_due',
      title: t('cashReport.lines.payouts_due'),
      nowrap: true,
      render: (_, row) => (
        <>
          <Egp amount={row.figures.payouts_due.sum} />
          <span className="cash-line-sub">
            {t('cashReport.figures.payouts_count', { count: formatNumber(row.figures.payouts_due.count, lang) })}
          </span>
        </>
      ),
    },
    {
      key: 'negative_on',
      title: t('cashReport.lines.negative_on'),
      nowrap: true,
      render: (_, row) =>
        row.negative_on ? (
          <span className="cash-negative-amount" data-testid={`cash-line-negative-${row.id}`}>
            {formatDate(row.negative_on, lang)}
          </span>
        ) : (
          <span className="muted">{t('cashReport.lines.never')}</span>
        ),
    },
    {
      key: 'collected',
      title: t('cashReport.lines.collected'),
      sortKey: 'collected',
      nowrap: true,
      render: (_, row) => <Egp amount={row.figures.collected} />,
    },
    {
      key: 'paid_out',
      title: t('cashReport.lines.paid_out'),
      sortKey: 'paid_out',
      nowrap: true,
      render: (_, row) => <Egp amount={row.figures.paid_out} />,
    },
  ];
  return (
    <DataTable
      queryKey={reportsKeys.lines()}
      namespace="lines"
      fetchPage={fetchCashLines}
      columns={columns}
      rowKey={(row) => row.id}
      filters={FILTERS}
      exportTo={{ path: '/reports/cash/associations/export', name: 'cash-report' }}
      defaultSort="id"
      caption="cashReport.lines.caption"
    />
  );
}
