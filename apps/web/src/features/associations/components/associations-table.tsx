import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { TAssociation } from '@portal/shared/schemas/associations';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateColumn, idColumn, moneyColumn, statusColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { ActionLink, RowActions } from '../../../components/data-table/row-actions';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { useDigits } from '../../../lib/digits';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { fetchAssociations } from '../api/associations-api';
import { associationsKeys } from '../api/keys';
import { DeleteAssociation, StartAssociation } from './association-actions';
import { CostFilter } from './cost-filter';
import { STATUS_COLORS, TYPE_COLORS } from './labels';
import './associations.css';

/** SPEC §2 associations filters: title, code, type, cost range, from_date, to_date (and whether it started). */
const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'title', label: 'associations.columns.title' },
  { kind: 'text', name: 'code', label: 'associations.columns.code', dir: 'ltr' },
  {
    kind: 'select',
    name: 'association_type',
    label: 'associations.columns.type',
    options: [
      { value: 'normal', label: 'associations.labels.normal' },
      { value: 'vip', label: 'associations.labels.vip' },
    ],
  },
  { kind: 'custom', name: 'cost_min', label: 'associationsUi.filters.cost_min', render: CostFilter },
  { kind: 'custom', name: 'cost_max', label: 'associationsUi.filters.cost_max', render: CostFilter },
  { kind: 'dateRange', label: 'associationsUi.filters.dates' },
  {
    kind: 'select',
    name: 'status',
    label: 'associations.columns.status',
    options: [
      { value: 'pending', label: 'associations.labels.pending' },
      { value: 'started', label: 'associations.labels.started' },
      { value: 'closed', label: 'associations.labels.closed' },
    ],
  },
];

/**
 * "held / available": subscriptions taken and days still free, in the header's order. A flex row,
 * so the two numbers follow the reading direction (a "3 / 1,197" text would be reordered by the
 * bidi algorithm in Arabic, putting the available days where the held ones belong).
 */
function HeldAvailable({ row }: { row: TAssociation }) {
  useTranslation();
  const lang = currentLanguage();
  return (
    <span className="held-available">
      <span data-testid={`association-held-${row.id}`}>{formatNumber(row.numOfSubscription, lang)}</span>
      <span>/</span>
      <span data-testid={`association-available-${row.id}`}>{formatNumber(row.AvailableDays, lang)}</span>
    </span>
  );
}

/**
 * The associations list (SPEC §2): filters, the shared table, export, and the row actions the
 * signed-in user may use (view, edit, force start while not started, delete). Refusals say why
 * (SPEC §8 "can not delete": "an association that has started cannot be deleted").
 */
export function AssociationsTable() {
  const { t } = useTranslation();
  const can = useCan();
  const digits = useDigits();

  const columns: DataColumn<TAssociation>[] = [
    idColumn(),
    {
      key: 'title',
      title: t('associations.columns.title'),
      sortKey: 'title',
      card: 'title',
      render: (_, row) => <Link to={paths.association(row.id)}>{row.title}</Link>,
    },
    {
      key: 'code',
      title: t('associations.columns.code'),
      nowrap: true,
      render: (_, row) => <bdi dir="ltr">{digits(row.code)}</bdi>,
    },
    statusColumn({
      key: 'type',
      title: t('associations.columns.type'),
      value: (row) => row.association_type,
      colors: TYPE_COLORS,
      label: (type) => `associations.labels.${type}`,
    }),
    moneyColumn({
      key: 'cost',
      title: t('associations.columns.cost'),
      sortKey: 'cost',
      unit: 'pounds',
      value: (row) => row.cost,
    }),
    dateColumn({
      key: 'from_date',
      title: t('associations.columns.from_date'),
      sortKey: 'from_date',
      value: (row) => row.from_date,
    }),
    dateColumn({
      key: 'to_date',
      title: t('associations.columns.to_date'),
      sortKey: 'to_date',
      value: (row) => row.to_date,
    }),
    statusColumn({
      key: 'status',
      title: t('associations.columns.status'),
      value: (row) => row.status,
      colors: STATUS_COLORS,
      label: (status) => `associations.labels.${status}`,
      testId: (row) => `association-status-${row.id}`,
    }),
    {
      key: 'held',
      title: t('associationsUi.columns.held_available'),
      nowrap: true,
      render: (_, row) => <HeldAvailable row={row} />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => (
        <RowActions>
          <ActionLink
            to={paths.association(row.id)}
            label={t('associationsUi.view', { title: row.title })}
            icon={<EyeOutlined />}
          />
          {can('associations.put') && (
            <ActionLink
              to={paths.associationEdit(row.id)}
              label={t('associationsUi.edit', { title: row.title })}
              icon={<EditOutlined />}
            />
          )}
          {can('associations.put') && row.can_start && (
            <StartAssociation association={row} testId={`association-start-${row.id}`} />
          )}
          {can('associations.delete') && (
            <DeleteAssociation association={row} testId={`association-delete-${row.id}`} />
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <DataTable<TAssociation>
      queryKey={associationsKeys.lists()}
      fetchPage={fetchAssociations}
      columns={columns}
      rowKey={(row) => row.id}
      filters={FILTERS}
      caption="associationsUi.list_caption"
      searchPlaceholder="associationsUi.search_placeholder"
      exportTo={{ path: '/associations/export', name: 'associations' }}
      actions={
        can('associations.put') ? (
          <Link to={paths.associationCreate}>
            <Button type="primary" icon={<PlusOutlined />} tabIndex={-1} data-testid="association-add">
              {t('associationsUi.add')}
            </Button>
          </Link>
        ) : undefined
      }
    />
  );
}
