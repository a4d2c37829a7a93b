import { EyeOutlined } from '@ant-design/icons';
import type { TLogRow } from '@portal/shared/schemas/logs';
import { useTranslation } from 'react-i18next';
import { dateTimeColumn, idColumn, Phone, userColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { ActionLink } from '../../../components/data-table/row-actions';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { paths } from '../../../config/paths';
import { Can } from '../../../lib/authorization';
import { logsKeys } from '../api/keys';
import { fetchLogs } from '../api/logs-api';
import { ActionLabel, actionFilterOptions, entityText } from './action-label';

/** The action is an exact code (the API matches it whole), picked by its label; free text goes to the search box. */
const FILTERS: FilterDef[] = [
  { kind: 'select', name: 'action', label: 'logs.action', options: actionFilterOptions() },
  { kind: 'text', name: 'url', label: 'logs.url', dir: 'ltr' },
  { kind: 'dateRange', label: 'logs.date' },
];

export function LogsTable() {
  const { t } = useTranslation();
  const columns: DataColumn<TLogRow>[] = [
    idColumn({ width: 80 }),
    {
      key: 'action',
      title: t('logs.action'),
      sortKey: 'action',
      card: 'title',
      render: (_, row) => <ActionLabel action={row.action} entity={row.entity} />,
    },
    {
      key: 'url',
      title: t('logs.url'),
      card: 'hidden',
      render: (_, row) => (
        <bdi dir="ltr" className="mono">
          {row.method ? `${row.method} ` : ''}
          {row.url ?? '—'}
        </bdi>
      ),
    },
    // The name links to the profile for whoever may see it; a system action has no user.
    userColumn({
      key: 'user',
      title: t('logs.user'),
      user: (row) => row.user,
      photo: false,
      detail: 'none',
      empty: 'logs.system',
    }),
    dateTimeColumn({ key: 'created_at', title: t('logs.date'), sortKey: 'created_at', value: (row) => row.created_at }),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => (
        <Can permission="logs.view">
          <ActionLink to={paths.log(row.id)} label={t('logs.view_entry', { id: row.id })} icon={<EyeOutlined />} />
        </Can>
      ),
    },
  ];
  return (
    <DataTable<TLogRow>
      queryKey={logsKeys.lists()}
      fetchPage={fetchLogs}
      columns={columns}
      rowKey={(row) => row.id}
      filters={FILTERS}
      caption="logs.title"
      expandedRow={(row) => (
        <dl className="inline-details">
          <dt>{t('logs.entity')}</dt>
          <dd>{row.entity ? entityText(t, row.entity) : '—'}</dd>
          <dt>{t('logs.entity_id')}</dt>
          <dd>{row.entity_id ?? '—'}</dd>
          <dt>{t('logs.url')}</dt>
          <dd>
            <bdi dir="ltr" className="mono">
              {row.method ? `${row.method} ` : ''}
              {row.url ?? '—'}
            </bdi>
          </dd>
          <dt>{t('logs.phone')}</dt>
          <dd>{row.user?.phone ? <Phone value={row.user.phone} /> : '—'}</dd>
        </dl>
      )}
    />
  );
}
