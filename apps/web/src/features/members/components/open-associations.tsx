import { LoginOutlined } from '@ant-design/icons';
import type { TOpenAssociation } from '@portal/shared/schemas/members';
import { Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn, moneyColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { membersKeys } from '../api/keys';
import { fetchOpenAssociations } from '../api/members-api';
import { dayText } from './day-text';
import '../members.css';
import { ConnectionButton } from '../../../components/feedback/needs-connection';

// The join dialog (a form, a day picker, the shared schema) loads when a member first opens it.
const JoinDialog = lazy(async () => ({ default: (await import('./join-dialog')).JoinDialog }));

/**
 * The associations a member may still join (running, with a free day from today on), a page at a
 * time: cost, type, dates, payout and how many days are free, the first of them, and Join. On a
 * phone each is a card with Join at its foot (the shared data table).
 */
export function OpenAssociations() {
  const { t } = useTranslation();
  const [joining, setJoining] = useState<TOpenAssociation | null>(null);
  const columns: DataColumn<TOpenAssociation>[] = [
    { key: 'title', title: t('membersUi.open.columns.title'), dataIndex: 'title', card: 'title' },
    {
      key: 'type',
      title: t('membersUi.open.columns.type'),
      nowrap: true,
      render: (_, row) => <Tag>{t(`associations.labels.${row.type}`)}</Tag>,
    },
    moneyColumn({ key: 'cost', title: t('membersUi.open.columns.cost'), value: (row) => row.cost, unit: 'pounds' }),
    moneyColumn({
      key: 'amount',
      title: t('membersUi.open.columns.payout'),
      value: (row) => row.amount,
      unit: 'pounds',
    }),
    dateColumn({ key: 'from_date', title: t('membersUi.open.columns.from_date'), value: (row) => row.from_date }),
    dateColumn({ key: 'to_date', title: t('membersUi.open.columns.to_date'), value: (row) => row.to_date }),
    {
      key: 'available_days',
      title: t('membersUi.open.columns.available_days'),
      nowrap: true,
      render: (_, row) => formatNumber(row.available_days, currentLanguage()),
    },
    {
      key: 'first_available',
      title: t('membersUi.open.columns.first_available'),
      render: (_, row) => (row.first_available ? dayText(t, row.first_available, currentLanguage()) : '—'),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => (
        <ConnectionButton
          type="primary"
          size="small"
          icon={<LoginOutlined aria-hidden="true" />}
          onClick={() => setJoining(row)}
          aria-label={t('membersUi.open.join_label', { title: row.title })}
          data-testid={`join-${row.id}`}
        >
          {t('membersUi.open.join')}
        </ConnectionButton>
      ),
    },
  ];
  return (
    <>
      <DataTable<TOpenAssociation>
        searchable={false}
        queryKey={membersKeys.openAssociations()}
        fetchPage={fetchOpenAssociations}
        columns={columns}
        rowKey={(row) => row.id}
        caption="membersUi.open.caption"
      />
      {joining && (
        <Suspense fallback={null}>
          <JoinDialog association={joining} onClose={() => setJoining(null)} />
        </Suspense>
      )}
    </>
  );
}
