import {
  CheckCircleOutlined,
  CheckSquareOutlined,
  CloseOutlined,
  EyeOutlined,
  PrinterOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import type { TPayment } from '@portal/shared/schemas/associations';
import type { TListPage } from '@portal/shared/schemas/list';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateColumn, idColumn, moneyColumn, StatusBadge, userColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { ActionLink, RowActions } from '../../../components/data-table/row-actions';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { formatDate, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { lazyWithTexts } from '../../../lib/lazy-with-texts';
import { AssociationCell } from '../../associations/components/association-cell';
import { associationFilter } from '../../associations/components/association-filter';
import type { ReversalTarget } from '../../ledger/api/ledger-api';
import { ReceiptNumber } from '../../ledger/components/money';
import { paymentsKeys } from '../api/keys';
import { fetchPaymentsIn, type PaymentScope } from '../api/payments-api';
import { DaysLate, PAYMENT_COLORS } from './payment-status';
import '../../associations/components/associations.css';

// The dialogs (forms) download when they are first opened.
const ReceiveDialog = lazyWithTexts(() => import('./receive-dialog'), ['ledger']);
const ReverseDialog = lazyWithTexts(() => import('../../ledger/components/reverse-dialog'), ['ledger']);

/** An installment that may still be recorded as received: neither received nor cancelled by a withdrawal. */
export const isReceivable = (row: Pick<TPayment, 'status'>) => row.status === 'late' || row.status === 'future';

function filtersFor(scope: PaymentScope): FilterDef[] {
  const defs: FilterDef[] = [
    {
      kind: 'select',
      name: 'status',
      label: 'associations.columns.payment_status',
      options: [
        { value: 'future', label: 'associations.labels.future' },
        { value: 'received', label: 'associations.labels.received' },
        { value: 'late', label: 'associations.labels.late' },
        { value: 'cancelled', label: 'associations.labels.cancelled' },
      ],
    },
  ];
  if (scope.association_id === undefined) defs.push(associationFilter());
  defs.push({ kind: 'dateRange', label: 'associations.columns.due_date' });
  return defs;
}

function SelectBox({
  row,
  checked,
  onToggle,
}: {
  row: TPayment;
  checked: boolean;
  onToggle: (row: TPayment, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      className="dt-check"
      checked={checked}
      disabled={!isReceivable(row)}
      onChange={(event) => onToggle(row, event.target.checked)}
      aria-label={t('paymentsUi.select_row', {
        member: row.user.name,
        date: formatDate(row.dueDate, currentLanguage()),
      })}
      data-testid={`payment-select-${row.id}`}
    />
  );
}

type Props = {
  /** Filters the screen fixes: an association's tab, a member's tab, a subscription's tab. */
  scope?: PaymentScope;
  namespace?: string;
  /** Nothing may be recorded (a closed association, a withdrawn subscription): no selection, no receiving. */
  readOnly?: boolean;
};

/**
 * Installments (SPEC §3 payments columns): member, association and cost, due date, status badge,
 * amount (the association's cost), days late. Staff with payments.put pick one or several unpaid
 * rows (across pages) and record them as received at once, in one transaction.
 */
export function PaymentsTable({ scope = {}, namespace, readOnly = false }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const lang = currentLanguage();
  const canReceive = can('payments.put') && !readOnly;
  const canReverse = can('payments.reverse');
  const [reversing, setReversing] = useState<ReversalTarget | null>(null);
  const [selected, setSelected] = useState<ReadonlyMap<number, TPayment>>(new Map());
  const [pageRows, setPageRows] = useState<TPayment[]>([]);
  const [receiving, setReceiving] = useState<TPayment[] | null>(null);
  const fetchPage = fetchPaymentsIn(scope);

  const toggle = (row: TPayment, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  const unpaidOnPage = pageRows.filter(isReceivable);

  const columns: DataColumn<TPayment>[] = [];
  if (canReceive) {
    columns.push({
      key: 'select',
      title: t('paymentsUi.select'),
      width: 48,
      render: (_, row) => <SelectBox row={row} checked={selected.has(row.id)} onToggle={toggle} />,
    });
  }
  columns.push(idColumn());
  if (scope.user_id === undefined) {
    columns.push(
      userColumn({
        key: 'member',
        title: t('associations.columns.member'),
        card: 'title',
        photo: false,
        user: (row) => row.user,
      }),
    );
  }
  // A subscription's own list: its association is the page's.
  if (scope.association_id === undefined && scope.subscription_id === undefined) {
    columns.push({
      key: 'association',
      title: t('associations.columns.association'),
      card: scope.user_id === undefined ? undefined : 'title',
      render: (_, row) => <AssociationCell association={row.association} />,
    });
  }
  columns.push(
    dateColumn({
      key: 'dueDate',
      title: t('associations.columns.due_date'),
      sortKey: 'dueDate',
      value: (row) => row.dueDate,
    }),
    {
      key: 'status',
      title: t('associations.columns.payment_status'),
      nowrap: true,
      render: (_, row) => (
        <span className="payment-status">
          <StatusBadge
            color={PAYMENT_COLORS[row.status]}
            label={`associations.labels.${row.status}`}
            testId={`payment-status-${row.id}`}
          />
          <DaysLate days={row.days_late} />
        </span>
      ),
    },
    moneyColumn({
      key: 'amount',
      title: t('associations.columns.amount'),
      unit: 'pounds',
      value: (row) => row.amount,
    }),
    dateColumn({
      key: 'received_at',
      title: t('associations.columns.received_at'),
      card: 'hidden',
      value: (row) => row.received_at,
    }),
    {
      key: 'receipt',
      title: t('ledger.labels.receipt_number'),
      nowrap: true,
      render: (_, row) =>
        row.receipt ? (
          <Link
            to={paths.receiptPrint(row.receipt.id)}
            aria-label={t('ledgerUi.receipt.print_number', { number: row.receipt.number })}
            data-testid={`payment-receipt-${row.id}`}
          >
            <ReceiptNumber number={row.receipt.number} />
          </Link>
        ) : (
          '—'
        ),
    },
  );
  columns.push({
    key: 'actions',
    title: t('common.actions'),
    fixed: 'end',
    render: (_, row) => {
      const receipt = row.receipt;
      return (
        <RowActions>
          {canReceive && isReceivable(row) && (
            <Button
              size="small"
              icon={<CheckCircleOutlined />}
              onClick={() => setReceiving([row])}
              aria-label={t('paymentsUi.receive_one', {
                member: row.user.name,
                date: formatDate(row.dueDate, lang),
              })}
              data-testid={`payment-receive-${row.id}`}
            >
              {t('paymentsUi.receive')}
            </Button>
          )}
          {receipt && (
            <ActionLink
              to={paths.receiptPrint(receipt.id)}
              label={t('ledgerUi.receipt.print_number', { number: receipt.number })}
              icon={<PrinterOutlined />}
              testId={`payment-print-${row.id}`}
            />
          )}
          {receipt && canReverse && (
            <Button
              size="small"
              danger
              icon={<RollbackOutlined />}
              onClick={() => setReversing({ kind: 'receipt', id: receipt.id })}
              aria-label={t('ledgerUi.reverse.receipt_named', { number: receipt.number })}
              data-testid={`payment-reverse-${row.id}`}
            />
          )}
          {scope.subscription_id === undefined && can('subscriptions.index') && (
            <ActionLink
              to={paths.subscription(row.subscription_id)}
              label={t('ledgerUi.subscription.view', { member: row.user.name, association: row.association.title })}
              icon={<EyeOutlined />}
              testId={`payment-subscription-${row.id}`}
            />
          )}
        </RowActions>
      );
    },
  });

  const count = selected.size;
  return (
    <>
      <DataTable<TPayment>
        queryKey={paymentsKeys.list(JSON.stringify(scope))}
        namespace={namespace}
        fetchPage={async (body, signal) => {
          const page: TListPage<TPayment> = await fetchPage(body, signal);
          setPageRows(page.data);
          return page;
        }}
        columns={columns}
        rowKey={(row) => row.id}
        rowClassName={(row) => (selected.has(row.id) ? 'is-selected' : undefined)}
        filters={filtersFor(scope)}
        searchable={false}
        caption="paymentsUi.list_caption"
        exportTo={{
          path: '/subscriptions/payments/export',
          name: 'payments',
          request: (body) => ({ ...body, ...scope }),
        }}
        actions={
          canReceive ? (
            <>
              <Button
                icon={<CheckSquareOutlined />}
                disabled={unpaidOnPage.length === 0}
                onClick={() =>
                  setSelected((current) => {
                    const next = new Map(current);
                    for (const row of unpaidOnPage) next.set(row.id, row);
                    return next;
                  })
                }
                data-testid="payments-select-page"
              >
                {t('paymentsUi.select_page')}
              </Button>
              {count > 0 && (
                <Button icon={<CloseOutlined />} onClick={() => setSelected(new Map())} data-testid="payments-clear">
                  {t('paymentsUi.clear_selection')}
                </Button>
              )}
              <Button
                type="primary"
                icon={<CheckCircleOutlined />}
                disabled={count === 0}
                onClick={() => setReceiving([...selected.values()])}
                data-testid="payments-receive-selected"
              >
                {t('paymentsUi.receive_selected', { count, formatted: formatNumber(count, lang) })}
              </Button>
            </>
          ) : undefined
        }
      />
      {receiving && (
        <Suspense fallback={null}>
          <ReceiveDialog
            payments={receiving}
            onClose={() => setReceiving(null)}
            onDone={(ids) => {
              setSelected((current) => {
                const next = new Map(current);
                for (const id of ids) next.delete(id);
                return next;
              });
            }}
          />
        </Suspense>
      )}
      {reversing && (
        <Suspense fallback={null}>
          <ReverseDialog target={reversing} onClose={() => setReversing(null)} />
        </Suspense>
      )}
    </>
  );
}
