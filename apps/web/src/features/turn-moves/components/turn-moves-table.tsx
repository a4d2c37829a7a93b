import { CheckOutlined, CloseOutlined, DeleteOutlined } from '@ant-design/icons';
import { TOAST_SECONDS } from '@portal/shared/constants';
import type { TTurnMove } from '@portal/shared/schemas/turn-moves';
import { TURN_MOVE_STATUS } from '@portal/shared/schemas/turn-moves-rules';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeColumn, idColumn, statusColumn, userColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { ConfirmAction, RowActions } from '../../../components/data-table/row-actions';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { type Decision, LazyDecisionDialog } from '../../../components/workflow/lazy-decision-dialog';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/authorization';
import { formatDate, formatId } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { AssociationCell } from '../../associations/components/association-cell';
import { turnMovesKeys } from '../api/keys';
import { fetchTurnMoves, useDecideTurnMove, useDeleteTurnMove } from '../api/turn-moves-api';
import { TURN_MOVE_COLORS, TURN_MOVE_STATUS_OPTIONS, turnMoveStatusLabel } from './turn-move-status';
import './turn-moves.css';

type Day = TTurnMove['from_day'];

// antd's select (and the associations' list) downloads with the first filter panel that shows it.
const AssociationSelect = lazy(async () => ({
  default: (await import('../../associations/components/association-select')).AssociationSelect,
}));

/** A turn day: its number, and its date under it, in the UI language. */
export function TurnDay({ day }: { day: Day }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <span className="stacked-cell">
      <span>{t('requestsUi.turn_moves.day', { n: formatId(day.day_number, lang) })}</span>
      <span className="muted">{formatDate(day.date, lang)}</span>
    </span>
  );
}

function filtersFor(byAssociation: boolean): FilterDef[] {
  const defs: FilterDef[] = [
    {
      kind: 'select',
      name: 'status',
      label: 'requestsUi.turn_moves.filters.status',
      options: TURN_MOVE_STATUS_OPTIONS,
    },
  ];
  // The associations to choose from are listed to holders of associations.index only.
  if (byAssociation) {
    defs.push({
      kind: 'custom',
      name: 'association_id',
      label: 'requestsUi.turn_moves.filters.association',
      render: ({ id, value, onChange }) => (
        <Suspense fallback={<span className="dt-input dt-select" />}>
          <AssociationSelect
            id={id}
            value={value ? Number(value) : undefined}
            onChange={(picked) => onChange(picked === undefined ? undefined : String(picked))}
            placeholder="table.all"
          />
        </Suspense>
      ),
    });
  }
  defs.push({ kind: 'dateRange', label: 'requestsUi.turn_moves.filters.dates' });
  return defs;
}

/**
 * /move-turn/requests (SPEC §2, §4, §8): every member's turn-move requests, filtered by member
 * (the search box: name or phone), status, association and request date. Approve and reject come
 * from the `actions` the server gives each request (packages/shared TURN_MOVE_MACHINE), so they
 * disappear once it is decided (SPEC §4); each asks for confirmation with an optional note.
 * Delete needs association_move_turn.delete.
 */
export function TurnMovesTable() {
  const { t } = useTranslation();
  const can = useCan();
  const lang = currentLanguage();
  const decide = useDecideTurnMove();
  const remove = useDeleteTurnMove();
  const [decision, setDecision] = useState<Decision | null>(null);
  const close = () => setDecision(null);

  const open = (row: TTurnMove, status: 1 | 2) => {
    const values = {
      name: row.user.name,
      association: row.association.title,
      from: formatId(row.from_day.day_number, lang),
      fromDate: formatDate(row.from_day.date, lang),
      to: formatId(row.to_day.day_number, lang),
      toDate: formatDate(row.to_day.date, lang),
    };
    const approve = status === 1;
    setDecision({
      title: t(approve ? 'requestsUi.turn_moves.approve_title' : 'requestsUi.turn_moves.reject_title'),
      description: t(approve ? 'requestsUi.turn_moves.approve_text' : 'requestsUi.turn_moves.reject_text', values),
      ok: t(approve ? 'requestsUi.turn_moves.approve_yes' : 'requestsUi.turn_moves.reject_yes'),
      danger: !approve,
      run: (note) => decide.mutateAsync({ id: row.id, status, note }),
      success: t(approve ? 'turn_moves.messages.approved' : 'turn_moves.messages.rejected'),
      onError: (error) => {
        // SPEC §8: a refused move (the day taken meanwhile, already decided) is an info message with
        // the server's reason; the request has changed, so the dialog closes and the list reloads.
        if (!(error instanceof ApiError && error.status === 409 && error.message)) return false;
        toast.info(error.message, TOAST_SECONDS);
        close();
        return true;
      },
    });
  };

  const columns: DataColumn<TTurnMove>[] = [
    idColumn(),
    userColumn({
      key: 'user',
      title: t('requestsUi.turn_moves.columns.user'),
      card: 'title',
      user: (row) => ({ id: row.user.id, name: row.user.name, phone: row.user.phone, photo_url: row.user.image_url }),
    }),
    {
      key: 'association',
      title: t('requestsUi.turn_moves.columns.association'),
      render: (_, row) => <AssociationCell association={row.association} />,
    },
    {
      key: 'from_day',
      title: t('requestsUi.turn_moves.columns.from_day'),
      nowrap: true,
      render: (_, row) => <TurnDay day={row.from_day} />,
    },
    {
      key: 'to_day',
      title: t('requestsUi.turn_moves.columns.to_day'),
      nowrap: true,
      render: (_, row) => <TurnDay day={row.to_day} />,
    },
    statusColumn({
      key: 'status',
      title: t('requestsUi.turn_moves.columns.status'),
      value: (row) => String(row.status) as keyof typeof TURN_MOVE_COLORS,
      colors: TURN_MOVE_COLORS,
      label: turnMoveStatusLabel,
      testId: (row) => `turn-move-status-${row.id}`,
    }),
    {
      key: 'changed_by',
      title: t('requestsUi.turn_moves.columns.changed_by'),
      card: 'hidden',
      render: (_, row) => row.changed_by?.name ?? '—',
    },
    dateTimeColumn({
      key: 'created_at',
      title: t('requestsUi.turn_moves.columns.created_at'),
      sortKey: 'created_at',
      value: (row) => row.created_at,
    }),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => (
        <RowActions>
          {row.actions.includes('approve') && (
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined aria-hidden="true" />}
              aria-label={t('requestsUi.turn_moves.approve_label', { name: row.user.name })}
              onClick={() => open(row, 1)}
            >
              {t('requestsUi.turn_moves.approve')}
            </Button>
          )}
          {row.actions.includes('reject') && (
            <Button
              size="small"
              danger
              icon={<CloseOutlined aria-hidden="true" />}
              aria-label={t('requestsUi.turn_moves.reject_label', { name: row.user.name })}
              onClick={() => open(row, 2)}
            >
              {t('requestsUi.turn_moves.reject')}
            </Button>
          )}
          {/* A request that moved a turn explains why a day changed: the server refuses to delete it (0018). */}
          {can('association_move_turn.delete') && row.status !== TURN_MOVE_STATUS.success && (
            <ConfirmAction
              danger
              icon={<DeleteOutlined aria-hidden="true" />}
              label={t('requestsUi.turn_moves.delete_label', { name: row.user.name })}
              confirm={{
                title: t('requestsUi.turn_moves.delete_title'),
                description: t('requestsUi.turn_moves.delete_text', { name: row.user.name }),
                ok: t('requestsUi.turn_moves.delete_yes'),
                cancel: t('requestsUi.decision.cancel'),
              }}
              run={() => remove.mutateAsync(row.id)}
              success={t('turn_moves.messages.deleted')}
              cancelled={t('requestsUi.decision.cancelled')}
            />
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <DataTable<TTurnMove>
        queryKey={turnMovesKeys.lists()}
        fetchPage={fetchTurnMoves}
        columns={columns}
        rowKey={(row) => row.id}
        filters={filtersFor(can('associations.index'))}
        caption="requestsUi.turn_moves.list_caption"
        searchPlaceholder="requestsUi.turn_moves.search_placeholder"
        expandedRow={(row) => (
          <dl className="inline-details">
            <dt>{t('requestsUi.turn_moves.subscription')}</dt>
            <dd>{formatId(row.subscription_id, lang)}</dd>
            <dt>{t('requestsUi.turn_moves.decided_at')}</dt>
            <dd>{row.decided_at ? formatDate(row.decided_at, lang) : '—'}</dd>
            <dt>{t('requestsUi.turn_moves.note')}</dt>
            <dd>{row.note || '—'}</dd>
          </dl>
        )}
      />
      <LazyDecisionDialog decision={decision} onClose={close} />
    </>
  );
}
