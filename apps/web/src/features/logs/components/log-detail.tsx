import type { TLogDetail } from '@portal/shared/schemas/logs';
import { Card, Col, Descriptions, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ActionLabel } from './action-label';

function ValuePanel({ title, value, testId }: { title: string; value: unknown; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card title={title} size="small" className="value-panel" data-testid={testId}>
      {value === null || value === undefined ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logs.no_value')} />
      ) : (
        <pre dir="ltr" className="json-value">
          {JSON.stringify(value, null, 2)}
        </pre>
      )}
    </Card>
  );
}

/** SPEC §2: general data, old value and new value panels, and a link to the acting user. */
export function LogDetail({ log }: { log: TLogDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
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
            {log.entity ? t(`logs.entities.${log.entity}`, { defaultValue: log.entity }) : '—'}
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
      <Row gutter={[16, 16]} className="value-panels">
        <Col xs={24} lg={12}>
          <ValuePanel title={t('logs.old_value')} value={log.old_value} testId="old-value" />
        </Col>
        <Col xs={24} lg={12}>
          <ValuePanel title={t('logs.new_value')} value={log.new_value} testId="new-value" />
        </Col>
      </Row>
    </div>
  );
}
