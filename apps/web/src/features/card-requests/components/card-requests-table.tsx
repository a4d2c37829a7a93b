import { CheckOutlined, CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { userPolicy } from '@portal/shared/policy';
import type { TCardRequest } from '@portal/shared/schemas/card-requests';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { dateTimeColumn, idColumn, Phone, statusColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { RowActions } from '../../../components/data-table/row-actions';
import type { FilterDef } from '../../../components/data-table/table-filters';
import { UserPhoto } from '../../../components/layout/user-photo';
import { paths } from '../../../config/paths';
import { useViewer } from '../../../lib/authorization';
import { fetchCardRequests } from '../api/card-requests-api';
import { cardRequestsKeys } from '../api/keys';
import { CARD_REQUEST_COLORS, CARD_REQUEST_STATUS_OPTIONS, cardRequestStatusLabel } from './card-request-status';
import { useCardDecision } from './use-card-decision';

const FILTERS: FilterDef[] = [
  { kind: 'select', name: 'status', label: 'requestsUi.cards.filters.status', options: CARD_REQUEST_STATUS_OPTIONS },
  { kind: 'dateRange', label: 'requestsUi.cards.filters.dates' },
];

// The drawer (its descriptions and timeline) downloads when a request is first opened.
const CardRequestDrawer = lazy(async () => ({
  default: (await import('./card-request-drawer')).CardRequestDrawer,
}));

/** The URL parameter of the request shown in the drawer: a link opens it, Back closes it. */
const VIEW = 'view';

/** The member's photo, leading to their profile for whoever may see it (userPolicy.view: oneself or users.view). */
export function MemberPhoto({ user }: { user: TCardRequest['user'] }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const photo = <UserPhoto user={{ name: user.name, photo_url: user.image_url }} size={36} />;
  if (!userPolicy.view(viewer, user.id)) return photo;
  return (
    <Link to={paths.user(user.id)} aria-label={t('requestsUi.cards.open_profile', { name: user.name })}>
      {photo}
    </Link>
  );
}

/**
 * /card/requests (SPEC §2, §3): members' card requests, filtered by member (the search box: name,
 * phone, the card's name or national id), status and request date. A request opens in a drawer
 * with its history; issue and reject come from the `actions` the server gives each request
 * (CARD_REQUEST_MACHINE: card_requests.put, while in review).
 */
export function CardRequestsTable() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { open, dialog } = useCardDecision();
  const viewed = Number(params.get(VIEW));
  const setViewed = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(VIEW);
      else next.set(VIEW, String(id));
      return next;
    });

  const columns: DataColumn<TCardRequest>[] = [
    idColumn(),
    {
      // The name to print on the card, beside the member's photo (their profile) and mobile.
      key: 'name',
      title: t('requestsUi.cards.columns.name'),
      card: 'title',
      render: (_, row) => (
        <span className="user-cell">
          <MemberPhoto user={row.user} />
          <span className="user-cell-text">
            <span className="user-cell-name">{row.name}</span>
            <Phone value={row.user.phone} className="muted user-cell-id" />
          </span>
        </span>
      ),
    },
    {
      key: 'national_id',
      title: t('requestsUi.cards.columns.national_id'),
      nowrap: true,
      render: (_, row) => <bdi dir="ltr">{row.national_id}</bdi>,
    },
    statusColumn({
      key: 'status',
      title: t('requestsUi.cards.columns.status'),
      value: (row) => String(row.status) as keyof typeof CARD_REQUEST_COLORS,
      colors: CARD_REQUEST_COLORS,
      label: cardRequestStatusLabel,
      testId: (row) => `card-request-status-${row.id}`,
    }),
    dateTimeColumn({
      key: 'created_at',
      title: t('requestsUi.cards.columns.created_at'),
      sortKey: 'created_at',
      value: (row) => row.created_at,
    }),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => (
        <RowActions>
          <Button
            size="small"
            icon={<EyeOutlined aria-hidden="true" />}
            aria-label={t('requestsUi.cards.view_label', { name: row.user.name })}
            onClick={() => setViewed(row.id)}
          >
            {t('requestsUi.cards.view')}
          </Button>
          {row.actions.includes('issue') && (
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined aria-hidden="true" />}
              aria-label={t('requestsUi.cards.issue_label', { name: row.user.name })}
              onClick={() => open(row, 1)}
            >
              {t('requestsUi.cards.issue')}
            </Button>
          )}
          {row.actions.includes('reject') && (
            <Button
              size="small"
              danger
              icon={<CloseOutlined aria-hidden="true" />}
              aria-label={t('requestsUi.cards.reject_label', { name: row.user.name })}
              onClick={() => open(row, 2)}
            >
              {t('requestsUi.cards.reject')}
            </Button>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <DataTable<TCardRequest>
        queryKey={cardRequestsKeys.lists()}
        fetchPage={fetchCardRequests}
        columns={columns}
        rowKey={(row) => row.id}
        filters={FILTERS}
        caption="requestsUi.cards.list_caption"
        searchPlaceholder="requestsUi.cards.search_placeholder"
      />
      {Number.isInteger(viewed) && viewed > 0 && (
        <Suspense fallback={null}>
          <CardRequestDrawer id={viewed} onClose={() => setViewed(null)} onDecide={open} />
        </Suspense>
      )}
      {dialog}
    </>
  );
}
