import { EyeOutlined } from '@ant-design/icons';
import type { TLogRow } from '@portal/shared/schemas/logs';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { paths } from '../../../config/paths';
import { Can } from '../../../lib/authorization';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { fetchLogs } from '../api/logs-api';
import { ActionLabel } from './action-label';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'action', label: 'logs.action' },
  { kind: 'text', name: 'url', label: 'logs.url' },
  { kind: 'dateRange', label: 'logs.date' },
];

export function LogsTable() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const columns: DataColumn<TLogRow>[] = [
    { key: 'id', title: '#', dataIndex: 'id', sortKey: 'id', width: 90 },
    {
      key: 'action',
      title: t('logs.action'),
      sortKey: 'action',
      render: (_, row) => <ActionLabel action={row.action} />,
    },
    {
      key: 'url',
      title: t('logs.url'),
      render: (_, row) => (
        <bdi dir="ltr" className="mono">
          {row.method ? `${row.method} ` : ''}
          {row.url ?? '—'}
        </bdi>
      ),
    },
    {
      key: 'user',
      title: t('logs.user'),
      render: (_, row) =>
        row.user ? (
          <Link to={paths.user(row.user.id)}>{row.user.name}</Link>
        ) : (
          <span className="muted">{t('logs.system')}</span>
        ),
    },
    {
      key: 'created_at',
      title: t('logs.date'),
      sortKey: 'created_at',
      render: (_, row) => formatDateTime(row.created_at, lang),
    },
    {
      key: 'view',
      title: t('common.actions'),
      render: (_, row) => (
        <Can permission="logs.view">
          <Link to={paths.log(row.id)} aria-label={t('logs.view_entry', { id: row.id })}>
            <Button size="small" icon={<EyeOutlined />} />
          </Link>
        </Can>
      ),
    },
  ];
  return (
    <DataTable<TLogRow>
      queryKey="logs"
      fetchPage={fetchLogs}
      columns={columns}
      rowKey={(row) => row.id}
      filters={FILTERS}
      caption="logs.title"
      expandedRow={(row) => (
        <dl className="inline-details">
          <dt>{t('logs.entity')}</dt>
          <dd>{row.entity ? t(`logs.entities.${row.entity}`, { defaultValue: row.entity }) : '—'}</dd>
          <dt>{t('logs.entity_id')}</dt>
          <dd>{row.entity_id ?? '—'}</dd>
          <dt>{t('logs.phone')}</dt>
          <dd>
            <bdi dir="ltr">{row.user?.phone ?? '—'}</bdi>
          </dd>
        </dl>
      )}
    />
  );
}
