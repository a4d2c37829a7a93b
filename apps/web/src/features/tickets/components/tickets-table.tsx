import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { TTicket } from '@portal/shared/schemas/tickets';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTimeColumn, idColumn, statusColumn, userColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { ActionLink, RowActions } from '../../../components/data-table/row-actions';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { paths } from '../../../config/paths';
import { useViewer } from '../../../lib/authorization';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ticketsKeys } from '../api/keys';
import { fetchTickets } from '../api/tickets-api';
import { TICKET_COLORS, TICKET_STATUS_OPTIONS, ticketStatusLabel } from './ticket-status';
import './tickets.css';

const STATUS_FILTER: FilterDef = {
  kind: 'select',
  name: 'status',
  label: 'ticketsUi.filters.status',
  options: TICKET_STATUS_OPTIONS,
};
const DATES_FILTER: FilterDef = { kind: 'dateRange', label: 'ticketsUi.filters.dates' };
const STAFF_FILTERS: FilterDef[] = [
  STATUS_FILTER,
  { kind: 'text', name: 'user', label: 'ticketsUi.filters.user' },
  DATES_FILTER,
];
const OWN_FILTERS: FilterDef[] = [STATUS_FILTER, DATES_FILTER];

/**
 * The help desk's list (the shared data table): `all` is the staff's (tickets.index: every ticket,
 * with the user search, status and date filters), `mine` the signed-in user's own tickets with the
 * button that opens a new one. The server scopes a customer to their own tickets either way.
 */
export function TicketsTable({ scope }: { scope: 'all' | 'mine' }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const staff = scope === 'all';

  const columns: DataColumn<TTicket>[] = [
    idColumn(),
    {
      key: 'subject',
      title: t('ticketsUi.columns.subject'),
      card: 'title',
      render: (_, row) => (
        <Link to={paths.ticket(row.id)} className="ticket-subject" data-testid={`ticket-link-${row.id}`}>
          <bdi>{row.subject}</bdi>
        </Link>
      ),
    },
    ...(staff
      ? [
          userColumn<TTicket>({
            key: 'user',
            title: t('ticketsUi.columns.user'),
            user: (row) => ({
              id: row.user.id,
              name: row.user.name,
              phone: row.user.phone,
              photo_url: row.user.image_url,
            }),
          }),
        ]
      : []),
    statusColumn({
      key: 'status',
      title: t('ticketsUi.columns.status'),
      value: (row) => String(row.status) as keyof typeof TICKET_COLORS,
      colors: TICKET_COLORS,
      label: ticketStatusLabel,
      testId: (row) => `ticket-status-${row.id}`,
    }),
    {
      key: 'messages_count',
      title: t('ticketsUi.columns.messages'),
      nowrap: true,
      render: (_, row) => formatNumber(row.messages_count, currentLanguage()),
    },
    dateTimeColumn({
      key: 'last_message_at',
      title: t('ticketsUi.columns.last_message_at'),
      sortKey: 'last_message_at',
      value: (row) => row.last_message_at,
    }),
    dateTimeColumn({
      key: 'created_at',
      title: t('ticketsUi.columns.created_at'),
      sortKey: 'created_at',
      value: (row) => row.created_at,
    }),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => (
        <RowActions>
          <ActionLink
            to={paths.ticket(row.id)}
            label={t('ticketsUi.view_label', { subject: row.subject })}
            icon={<EyeOutlined />}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <DataTable<TTicket>
      queryKey={ticketsKeys.list(scope)}
      // Staff asking for their own list name themselves: tickets.index would otherwise list everyone's.
      fetchPage={
        staff
          ? fetchTickets
          : (body, signal) => fetchTickets(viewer.id > 0 ? { ...body, user_id: viewer.id } : body, signal, true)
      }
      columns={columns}
      rowKey={(row) => row.id}
      filters={staff ? STAFF_FILTERS : OWN_FILTERS}
      caption={staff ? 'ticketsUi.list_caption' : 'ticketsUi.mine_caption'}
      searchPlaceholder={staff ? 'ticketsUi.search_placeholder' : 'ticketsUi.mine_search_placeholder'}
      actions={
        staff ? undefined : (
          <Link to={paths.ticketCreate} data-testid="ticket-new">
            <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} tabIndex={-1}>
              {t('ticketsUi.new')}
            </Button>
          </Link>
        )
      }
    />
  );
}
