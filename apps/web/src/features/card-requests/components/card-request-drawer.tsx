import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { TCardRequest } from '@portal/shared/schemas/card-requests';
import { Alert, Button, Descriptions, Drawer, Spin, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserCell } from '../../../components/data-table/columns';
import { formatDateTime, formatId } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { type TCardRequestDetail, useCardRequest } from '../api/card-requests-api';
import { CardRequestStatusBadge, cardRequestStatusLabel } from './card-request-status';
import './card-requests.css';

type Props = {
  /** The request shown; null closes the drawer. */
  id: number | null;
  onClose: () => void;
  /** Issue (1) or reject (2): the table's confirmation (use-card-decision.tsx). */
  onDecide: (request: TCardRequest, status: 1 | 2) => void;
};

function History({ events }: { events: TCardRequestDetail['history'] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Timeline
      items={events.map((event) => ({
        key: `${event.created_at}-${event.action}`,
        color: event.to_status === 1 ? 'green' : event.to_status === 2 ? 'red' : 'blue',
        content: (
          <div className="history-entry">
            <strong>
              {t(`requestsUi.cards.history_actions.${event.action}`, { defaultValue: event.action })}
              {' · '}
              {t(cardRequestStatusLabel(event.to_status))}
            </strong>
            <span className="muted">
              {formatDateTime(event.created_at, lang)}
              {event.actor && <> · {t('requestsUi.cards.history_by', { name: event.actor.name })}</>}
            </span>
            {event.note && <span className="history-note">{event.note}</span>}
          </div>
        ),
      }))}
    />
  );
}

/** One card request (GET /card-requests/{id}): the request, its decision, its history, and the decisions left. */
export function CardRequestDrawer({ id, onClose, onDecide }: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const request = useCardRequest(id);
  const loaded = request.data && request.data.id === id ? request.data : null;

  let body = (
    <div className="page-loader">
      <Spin />
    </div>
  );
  if (request.isError) body = <Alert type="error" showIcon title={t('requestsUi.cards.load_failed')} />;
  else if (loaded) {
    body = (
      <div className="card-request-detail" data-testid="card-request-detail">
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            {
              key: 'member',
              label: t('requestsUi.cards.fields.member'),
              children: (
                <UserCell
                  user={{
                    id: loaded.user.id,
                    name: loaded.user.name,
                    phone: loaded.user.phone,
                    photo_url: loaded.user.image_url,
                  }}
                />
              ),
            },
            { key: 'name', label: t('requestsUi.cards.fields.name'), children: loaded.name },
            {
              key: 'national_id',
              label: t('requestsUi.cards.fields.national_id'),
              children: <bdi dir="ltr">{loaded.national_id}</bdi>,
            },
            {
              key: 'status',
              label: t('requestsUi.cards.fields.status'),
              children: <CardRequestStatusBadge status={loaded.status} testId="card-request-detail-status" />,
            },
            {
              key: 'created_at',
              label: t('requestsUi.cards.fields.created_at'),
              children: formatDateTime(loaded.created_at, lang),
            },
            {
              key: 'decided_by',
              label: t('requestsUi.cards.fields.decided_by'),
              children: loaded.decided_by?.name ?? '—',
            },
            {
              key: 'decided_at',
              label: t('requestsUi.cards.fields.decided_at'),
              children: formatDateTime(loaded.decided_at, lang),
            },
            { key: 'note', label: t('requestsUi.cards.fields.note'), children: loaded.note || '—' },
          ]}
        />
        <h3 className="section-title">{t('requestsUi.cards.history')}</h3>
        <History events={loaded.history} />
      </div>
    );
  }

  const actions = loaded?.actions ?? [];
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      className="card-request-drawer"
      title={id !== null ? t('requestsUi.cards.detail_title', { id: formatId(id, lang) }) : ' '}
      destroyOnHidden
      footer={
        loaded && actions.length > 0 ? (
          <div className="form-actions drawer-actions">
            {actions.includes('issue') && (
              <Button
                type="primary"
                icon={<CheckOutlined aria-hidden="true" />}
                aria-label={t('requestsUi.cards.issue_label', { name: loaded.user.name })}
                onClick={() => onDecide(loaded, 1)}
              >
                {t('requestsUi.cards.issue')}
              </Button>
            )}
            {actions.includes('reject') && (
              <Button
                danger
                icon={<CloseOutlined aria-hidden="true" />}
                aria-label={t('requestsUi.cards.reject_label', { name: loaded.user.name })}
                onClick={() => onDecide(loaded, 2)}
              >
                {t('requestsUi.cards.reject')}
              </Button>
            )}
          </div>
        ) : null
      }
    >
      {body}
    </Drawer>
  );
}
