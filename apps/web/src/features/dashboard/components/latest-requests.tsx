import { userPolicy } from '@portal/shared/policy';
import type { TCardRequest } from '@portal/shared/schemas/card-requests';
import type { TTurnMove } from '@portal/shared/schemas/turn-moves';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserPhoto } from '../../../components/layout/user-photo';
import { paths } from '../../../config/paths';
import { useViewer } from '../../../lib/authorization';
import { formatDateTime, formatId } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { CardRequestStatusBadge } from '../../card-requests/components/card-request-status';
import { TurnMoveStatusBadge } from '../../turn-moves/components/turn-move-status';
import { useLatestCardRequests, useLatestTurnMoves } from '../api/latest-requests';

type Props<T> = {
  title: string;
  /** The full list, and the link's accessible name (it says where "View all" leads). */
  all: { to: string; label: string };
  query: UseQueryResult<T[]>;
  rowKey: (row: T) => number;
  row: (row: T) => ReactNode;
  testId: string;
};

/** A short list of the dashboard (items 8 and 10): its rows, "no requests yet", or a failed load with Retry. */
function LatestList<T>({ title, all, query, rowKey, row, testId }: Props<T>) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (query.isPending) {
    body = <div className="latest-placeholder" aria-busy="true" />;
  } else if (query.isError) {
    body = (
      <div className="dt-state dt-state-error" role="alert">
        <span>{t('dashboard.load_failed')}</span>
        <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  } else if (query.data.length === 0) {
    body = <p className="muted latest-empty">{t('dashboard.no_requests')}</p>;
  } else {
    body = (
      <ul className="latest-list">
        {query.data.map((item) => (
          <li key={rowKey(item)} className="latest-row">
            {row(item)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card
      title={title}
      className="dashboard-card latest-card"
      data-testid={testId}
      extra={
        <Link to={all.to} aria-label={all.label}>
          {t('dashboard.view_all')}
        </Link>
      }
    >
      {body}
    </Card>
  );
}

/** A member's photo and name, with a line under; the whole row leads to the member's profile when `to` is given. */
function RequestRow({
  user,
  line,
  status,
  date,
  to,
}: {
  user: { name: string; image_url: string | null };
  line: ReactNode;
  status: ReactNode;
  date: string;
  to?: string;
}) {
  const lang = currentLanguage();
  const content = (
    <>
      <UserPhoto user={{ name: user.name, photo_url: user.image_url }} size={36} />
      <span className="latest-text">
        <span className="latest-name">{user.name}</span>
        <span className="muted latest-line">{line}</span>
      </span>
      <span className="latest-side">
        {status}
        <span className="muted latest-date">{formatDateTime(date, lang)}</span>
      </span>
    </>
  );
  return to ? (
    <Link to={to} className="latest-item latest-link">
      {content}
    </Link>
  ) : (
    <div className="latest-item">{content}</div>
  );
}

/**
 * Dashboard item 8 (SPEC §2): the latest 7 card requests; clicking one opens the member's profile
 * (/users/{id}), for whoever may see it (userPolicy.view: oneself or users.view).
 */
export function LatestCardRequests() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const lang = currentLanguage();
  return (
    <LatestList<TCardRequest>
      title={t('dashboard.latest_cards')}
      all={{ to: paths.cardRequests, label: t('dashboard.view_all_cards') }}
      query={useLatestCardRequests()}
      rowKey={(row) => row.id}
      testId="latest-card-requests"
      row={(row) => (
        <RequestRow
          user={row.user}
          line={
            <>
              {row.name} · <bdi dir="ltr">{formatId(row.national_id, lang)}</bdi>
            </>
          }
          status={<CardRequestStatusBadge status={row.status} />}
          date={row.created_at}
          to={userPolicy.view(viewer, row.user.id) ? paths.user(row.user.id) : undefined}
        />
      )}
    />
  );
}

/** Dashboard item 10 (SPEC §2): the latest 7 turn-move requests: who, which association, from which day to which. */
export function LatestTurnMoves() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <LatestList<TTurnMove>
      title={t('dashboard.latest_turn_moves')}
      all={{ to: paths.moveTurnRequests, label: t('dashboard.view_all_turn_moves') }}
      query={useLatestTurnMoves()}
      rowKey={(row) => row.id}
      testId="latest-turn-moves"
      row={(row) => (
        <RequestRow
          user={row.user}
          line={
            <>
              {row.association.title} ·{' '}
              {t('dashboard.turn_move_days', {
                from: formatId(row.from_day.day_number, lang),
                to: formatId(row.to_day.day_number, lang),
              })}
            </>
          }
          status={<TurnMoveStatusBadge status={row.status} />}
          date={row.created_at}
        />
      )}
    />
  );
}
