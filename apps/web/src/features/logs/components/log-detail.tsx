import type { TLogDetail } from '@portal/shared/schemas/logs';
import { Button, Card, Descriptions } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ActionLabel, entityText } from './action-label';
import { LogChanges } from './log-changes';
import './log-detail.css';

function RawValue({ title, value, testId }: { title: string; value: unknown; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="log-raw" data-testid={testId}>
      <h3 className="log-raw-title">{title}</h3>
      {value === null || value === undefined ? (
        <p className="log-empty">{t('logs.no_value')}</p>
      ) : (
        <pre dir="ltr" className="json-value">
          {JSON.stringify(value, null, 2)}
        </pre>
      )}
    </section>
  );
}

/**
 * SPEC §2: the entry's general data with a link to the acting user, then what changed, field by
 * field (old → new); the stored records as they are on request ("raw data").
 */
export function LogDetail({ log }: { log: TLogDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [raw, setRaw] = useState(false);
  return (
    <div className="log-detail">
      <Card title={t('logs.general')} size="small">
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label="#">{log.id}</Descriptions.Item>
          <Descriptions.Item label={t('logs.action')}>
            <ActionLabel action={log.action} />
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.user')}>
            {log.user ? (
              <Link to={paths.user(log.user.id)} data-testid="log-user-link">
                {log.user.name}
              </Link>
            ) : (
              t('logs.system')
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.date')}>{formatDateTime(log.created_at, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('logs.url')}>
            <bdi dir="ltr" className="mono">
              {log.method ? `${log.method} ` : ''}
              {log.url ?? '—'}
            </bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.entity')}>
            {log.entity ? entityText(t, log.entity) : '—'}
            {log.entity_id ? ` #${log.entity_id}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.ip')}>
            <bdi dir="ltr">{log.ip ?? '—'}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.request_id')}>
            <bdi dir="ltr" className="mono">
              {log.request_id ?? '—'}
            </bdi>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        title={<h2 className="log-card-title">{t('logs.changes')}</h2>}
        size="small"
        extra={
          <Button size="small" aria-pressed={raw} onClick={() => setRaw((v) => !v)} data-testid="log-raw-toggle">
            {raw ? t('logs.hide_raw') : t('logs.show_raw')}
          </Button>
        }
      >
        <LogChanges oldValue={log.old_value} newValue={log.new_value} entity={log.entity} people={log.people} />
        {raw && (
          <div className="log-raw-panels">
            <RawValue title={t('logs.old_value')} value={log.old_value} testId="old-value" />
            <RawValue title={t('logs.new_value')} value={log.new_value} testId="new-value" />
          </div>
        )}
      </Card>
    </div>
  );
}
