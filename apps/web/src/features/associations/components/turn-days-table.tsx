import { UserAddOutlined } from '@ant-design/icons';
import type { TAssociationDay } from '@portal/shared/schemas/associations';
import { useTranslation } from 'react-i18next';
import { dateColumn, StatusBadge, userColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { ActionLink, RowActions } from '../../../components/data-table/row-actions';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { formatId } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { fetchDaysOf } from '../api/associations-api';
import { associationsKeys } from '../api/keys';

const FILTERS: FilterDef[] = [
  {
    kind: 'select',
    name: 'available',
    label: 'associationsUi.days.filter',
    options: [
      { value: 'true', label: 'associationsUi.days.only_available' },
      { value: 'false', label: 'associationsUi.days.only_held' },
    ],
  },
];

function DayNumber({ day }: { day: number }) {
  useTranslation();
  return <strong>{formatId(day, currentLanguage())}</strong>;
}

/**
 * The turn-day calendar of an association (POST /associations/{id}/days): every day number, its
 * date and who holds it; the available days marked, and a filter for them. Paged by the server,
 * day 1 first. A free day links to subscribing a member to it.
 */
export function TurnDaysTable({ associationId, namespace }: { associationId: number; namespace?: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const columns: DataColumn<TAssociationDay>[] = [
    {
      key: 'day_number',
      title: t('associations.columns.day_number'),
      nowrap: true,
      width: 96,
      card: 'title',
      render: (_, row) => <DayNumber day={row.day_number} />,
    },
    dateColumn({ key: 'date', title: t('associationsUi.days.date'), value: (row) => row.date }),
    {
      key: 'availability',
      title: t('associationsUi.days.availability'),
      nowrap: true,
      render: (_, row) =>
        row.user ? (
          <StatusBadge color="default" label="associationsUi.days.held" />
        ) : (
          <StatusBadge
            color="success"
            label="associationsUi.days.available"
            testId={`day-available-${row.day_number}`}
          />
        ),
    },
    userColumn({
      key: 'holder',
      title: t('associationsUi.days.holder'),
      photo: false,
      empty: 'associationsUi.days.nobody',
      user: (row) => row.user,
    }),
  ];
  if (can('subscriptions.put')) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) =>
        row.user ? null : (
          <RowActions>
            <ActionLink
              to={`${paths.subscriptionCreate}?association=${associationId}&day=${row.day_number}`}
              label={t('associationsUi.days.subscribe', { day: formatId(row.day_number, currentLanguage()) })}
              icon={<UserAddOutlined />}
            />
          </RowActions>
        ),
    });
  }
  return (
    <DataTable<TAssociationDay>
      queryKey={associationsKeys.days(associationId)}
      namespace={namespace}
      fetchPage={fetchDaysOf(associationId)}
      columns={columns}
      rowKey={(row) => row.day_number}
      filters={FILTERS}
      searchable={false}
      defaultSort="day_number"
      caption="associationsUi.days.caption"
    />
  );
}
