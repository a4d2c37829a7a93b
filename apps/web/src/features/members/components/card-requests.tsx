import { IdcardOutlined } from '@ant-design/icons';
import type { TCardRequest } from '@portal/shared/schemas/card-requests';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeColumn } from '../../../components/data-table/columns';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { localizeDigits } from '../../../lib/digits';
import { formatDate, formatId } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { membersKeys } from '../api/keys';
import { myCardRequestsQuery, useMyCardRequests } from '../api/members-api';
import { localPage } from '../lib/local-page';
import { CardRequestStatusBadge } from './badges';
import { Bones } from './progress-bar';
import '../members.css';

// The form (antd's Form and Input, the shared schema and zod) loads beside the list, not before the page shows.
const loadForm = () => import('./card-request-form');
const CardRequestForm = lazy(async () => ({ default: (await loadForm()).CardRequestForm }));

/** The request in review, shown instead of the form (the server accepts one open request at a time). */
function OpenCardRequest({ request }: { request: TCardRequest }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <section className="member-card card-request-open" data-testid="card-request-open">
      <div className="card-request-open-head">
        <IdcardOutlined className="card-request-open-icon" aria-hidden="true" />
        <h2 className="member-card-title">{t('membersUi.cards.open_title')}</h2>
        <CardRequestStatusBadge status={request.status} />
      </div>
      <p>{t('membersUi.cards.open_text', { name: request.name, date: formatDate(request.created_at, lang) })}</p>
      <dl className="member-facts">
        <div>
          <dt>{t('membersUi.cards.columns.id')}</dt>
          <dd>{formatId(request.id, lang)}</dd>
        </div>
        <div>
          <dt>{t('membersUi.cards.national_id')}</dt>
          <dd>
            <bdi dir="ltr" className="mono">
              {localizeDigits(request.national_id, lang)}
            </bdi>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * /my/cards: the form, or my request in review in its place, then every request I made with its
 * status (0 in review, 1 issued, 2 rejected) and the staff's note.
 */
export function CardRequests() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useMyCardRequests();
  useEffect(() => {
    void loadForm();
  }, []);
  const open = list.data?.find((r) => r.status === 0);
  const columns: DataColumn<TCardRequest>[] = [
    {
      key: 'id',
      title: '#',
      width: 64,
      nowrap: true,
      card: 'meta',
      render: (_, row) => formatId(row.id, currentLanguage()),
    },
    { key: 'name', title: t('membersUi.cards.columns.name'), dataIndex: 'name', card: 'title' },
    {
      key: 'national_id',
      title: t('membersUi.cards.national_id'),
      nowrap: true,
      render: (_, row) => (
        <bdi dir="ltr" className="mono">
          {localizeDigits(row.national_id, currentLanguage())}
        </bdi>
      ),
    },
    {
      key: 'status',
      title: t('membersUi.cards.columns.status'),
      nowrap: true,
      render: (_, row) => <CardRequestStatusBadge status={row.status} testId={`card-status-${row.id}`} />,
    },
    { key: 'note', title: t('membersUi.cards.columns.note'), render: (_, row) => row.note || '—' },
    dateTimeColumn({ key: 'created_at', title: t('membersUi.cards.columns.created_at'), value: (r) => r.created_at }),
    dateTimeColumn({ key: 'decided_at', title: t('membersUi.cards.columns.decided_at'), value: (r) => r.decided_at }),
  ];
  let top: ReactNode;
  if (list.isPending) {
    top = (
      <div className="member-card" aria-busy="true">
        <span className="visually-hidden">{t('common.loading')}</span>
        <Bones rows={3} />
      </div>
    );
  } else if (list.isError) {
    top = (
      <Alert
        type="error"
        showIcon
        title={t('membersUi.cards.load_failed')}
        action={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else {
    top = open ? (
      <OpenCardRequest request={open} />
    ) : (
      <Suspense
        fallback={
          <div className="member-card">
            <Bones rows={3} />
          </div>
        }
      >
        <CardRequestForm />
      </Suspense>
    );
  }
  return (
    <div className="card-requests">
      {top}
      <section aria-labelledby="my-card-requests-title" className="member-section">
        <h2 id="my-card-requests-title" className="member-section-title">
          {t('membersUi.cards.list_title')}
        </h2>
        <DataTable<TCardRequest>
          searchable={false}
          queryKey={membersKeys.cardRequestPages(list.dataUpdatedAt)}
          fetchPage={async (body) => localPage(await queryClient.fetchQuery(myCardRequestsQuery), body)}
          columns={columns}
          rowKey={(row) => row.id}
          caption="membersUi.cards.caption"
        />
      </section>
    </div>
  );
}
