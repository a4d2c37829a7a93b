import type { TTurnMove } from '@portal/shared/schemas/turn-moves';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateTimeColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { currentLanguage } from '../../../lib/i18n';
import { membersKeys } from '../api/keys';
import { myTurnMovesQuery, useMyTurnMoves } from '../api/members-api';
import { localPage } from '../lib/local-page';
import { TURN_MOVE_STATUS_LIST } from '../lib/statuses';
import { TurnMoveStatusBadge } from './badges';
import { dayText } from './day-text';
import { CancelTurnMove } from './cancel-turn-move';
import '../members.css';

const FILTERS: FilterDef[] = [
  {
    kind: 'select',
    name: 'status',
    label: 'membersUi.turn_moves.columns.status',
    options: TURN_MOVE_STATUS_LIST.map((s) => ({ value: String(s), label: `turn_moves.status.${s}` })),
  },
];

/**
 * My turn-move requests, newest first: the association, from which day to which, the status
 * (0 in review, 1 moved, 2 rejected, 3 cancelled) with the staff's note, when asked and decided.
 * Cancel is offered exactly when the server lists it among the request's `actions`.
 */
export function MyTurnMoves() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useMyTurnMoves();
  const columns: DataColumn<TTurnMove>[] = [
    {
      key: 'association',
      title: t('membersUi.turn_moves.columns.association'),
      card: 'title',
      render: (_, row) => row.association.title,
    },
    {
      key: 'from_day',
      title: t('membersUi.turn_moves.columns.from_day'),
      render: (_, row) => dayText(t, row.from_day, currentLanguage()),
    },
    {
      key: 'to_day',
      title: t('membersUi.turn_moves.columns.to_day'),
      render: (_, row) => dayText(t, row.to_day, currentLanguage()),
    },
    {
      key: 'status',
      title: t('membersUi.turn_moves.columns.status'),
      nowrap: true,
      render: (_, row) => <TurnMoveStatusBadge status={row.status} testId={`turn-move-status-${row.id}`} />,
    },
    {
      key: 'note',
      title: t('membersUi.turn_moves.columns.note'),
      render: (_, row) => row.note || '—',
    },
    dateTimeColumn({
      key: 'created_at',
      title: t('membersUi.turn_moves.columns.created_at'),
      value: (row) => row.created_at,
    }),
    dateTimeColumn({
      key: 'decided_at',
      title: t('membersUi.turn_moves.columns.decided_at'),
      value: (row) => row.decided_at,
    }),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) =>
        row.actions.includes('cancel') ? (
          <CancelTurnMove id={row.id} toDay={row.to_day.day_number} fromDay={row.from_day.day_number} />
        ) : null,
    },
  ];
  return (
    <DataTable<TTurnMove>
      searchable={false}
      queryKey={membersKeys.turnMovePages(list.dataUpdatedAt)}
      fetchPage={async (body) =>
        localPage(await queryClient.fetchQuery(myTurnMovesQuery), body, {
          keep: (row, request) => request.status === undefined || String(row.status) === String(request.status),
        })
      }
      columns={columns}
      rowKey={(row) => row.id}
      filters={FILTERS}
      caption="membersUi.turn_moves.caption"
    />
  );
}
