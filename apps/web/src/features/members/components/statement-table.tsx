import type { TStatement, TStatementRow } from '@portal/shared/schemas/members';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateColumn, moneyColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { paths } from '../../../config/paths';
import { formatId } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { MethodText, ReceiptNumber } from '../../ledger/components/money';
import { membersKeys } from '../api/keys';
import { statementQuery } from '../api/members-api';
import { localPage } from '../lib/local-page';
import { isPaymentStatus, PAYMENT_STATUS_LIST } from '../lib/statuses';
import { PaymentStatusBadge } from './badges';

/** A statement row with its place among all the installments (1 = the first due). */
type NumberedRow = TStatementRow & { number: number };

/** The receipt of a received installment: its number, to print, and how it was paid. */
function ReceiptCell({ row }: { row: NumberedRow }) {
  const { t } = useTranslation();
  if (!row.receipt) return <>—</>;
  return (
    <span className="statement-receipt">
      <Link
        to={paths.myReceiptPrint(row.receipt.id)}
        aria-label={t('ledgerUi.statement.print_receipt', { number: row.receipt.number })}
        data-testid={`statement-receipt-${row.id}`}
      >
        <ReceiptNumber number={row.receipt.number} />
      </Link>
      <span className="muted" data-testid={`statement-method-${row.id}`}>
        <MethodText method={row.receipt.method} />
      </span>
    </span>
  );
}

const FILTERS: FilterDef[] = [
  {
    kind: 'select',
    name: 'status',
    label: 'membersUi.statement.columns.status',
    options: PAYMENT_STATUS_LIST.map((s) => ({ value: s, label: `associations.labels.${s}` })),
  },
];

/** The installment numbers of a statement, computed once per answer. */
const numbered = new WeakMap<TStatement, NumberedRow[]>();
function numberedRows(statement: TStatement): NumberedRow[] {
  let rows = numbered.get(statement);
  if (!rows) {
    rows = statement.rows.map((row, i) => ({ ...row, number: i + 1 }));
    numbered.set(statement, rows);
  }
  return rows;
}

/**
 * Every installment of the statement on screen, a page at a time (up to 1,200 rows arrive at once;
 * the screen draws one page, cards on a phone), filtered by status, in due-date order. The pages
 * are cut from the statement the page already holds (one request), through the shared data table.
 */
export function StatementTable({ statement, version }: { statement: TStatement; version: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = statement.subscription.id;
  const columns: DataColumn<NumberedRow>[] = [
    {
      key: 'number',
      title: '#',
      width: 64,
      nowrap: true,
      card: 'meta',
      render: (_, row) => formatId(row.number, currentLanguage()),
    },
    dateColumn({
      key: 'due_date',
      title: t('membersUi.statement.columns.due_date'),
      value: (row) => row.due_date,
      card: 'title',
    }),
    moneyColumn({
      key: 'amount',
      title: t('membersUi.statement.columns.amount'),
      value: (row) => row.amount,
      unit: 'pounds',
    }),
    {
      key: 'status',
      title: t('membersUi.statement.columns.status'),
      nowrap: true,
      render: (_, row) => <PaymentStatusBadge status={row.status} />,
    },
    dateColumn({
      key: 'received_at',
      title: t('membersUi.statement.columns.received_at'),
      value: (row) => row.received_at,
    }),
    {
      key: 'reference',
      title: t('membersUi.statement.columns.reference'),
      render: (_, row) => (row.reference ? <bdi dir="ltr">{row.reference}</bdi> : '—'),
    },
    {
      key: 'receipt',
      title: t('ledgerUi.statement.receipt'),
      render: (_, row) => <ReceiptCell row={row} />,
    },
  ];
  return (
    <DataTable<NumberedRow>
      searchable={false}
      queryKey={membersKeys.statementPages(id, version)}
      fetchPage={async (body) => {
        const whole = await queryClient.fetchQuery(statementQuery(id));
        return localPage(numberedRows(whole), body, {
          keep: (row, request) => !isPaymentStatus(request.status) || row.status === request.status,
        });
      }}
      columns={columns}
      rowKey={(row) => row.id}
      filters={FILTERS}
      caption="membersUi.statement.installments"
    />
  );
}
