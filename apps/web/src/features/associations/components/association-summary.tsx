import { EditOutlined, UploadOutlined, UserAddOutlined } from '@ant-design/icons';
import type { TAssociation } from '@portal/shared/schemas/associations';
import { Button, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StatusBadge } from '../../../components/data-table/columns';
import { Panel } from '../../../components/layout/panel';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { useDigits } from '../../../lib/digits';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { DeleteAssociation, StartAssociation } from './association-actions';
import { STATUS_COLORS, TYPE_COLORS } from './labels';
import './associations.css';

/**
 * The association's data (SPEC §3) at the top of its page, with what may be done to it: edit,
 * import the turn days, subscribe a member (not once closed), force start (only while `can_start`),
 * delete. A closed association shows when it closed; nothing more is recorded on it.
 */
export function AssociationSummary({ association }: { association: TAssociation }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const digits = useDigits();
  const can = useCan();
  const navigate = useNavigate();
  const a = association;

  return (
    <Panel
      className="association-summary"
      testId="association-summary"
      title={t('associationsUi.detail.data')}
      extra={
        <Space wrap size={8} className="association-actions">
          {can('associations.put') && (
            <Link to={paths.associationEdit(a.id)}>
              <Button icon={<EditOutlined />} tabIndex={-1} data-testid="association-edit">
                {t('associationsUi.detail.edit')}
              </Button>
            </Link>
          )}
          {can('associations.put') && (
            <Link to={paths.associationDaysImport(a.id)}>
              <Button icon={<UploadOutlined />} tabIndex={-1} data-testid="association-import-days">
                {t('associationsUi.import.link')}
              </Button>
            </Link>
          )}
          {can('subscriptions.put') && a.status !== 'closed' && a.AvailableDays > 0 && (
            <Link to={`${paths.subscriptionCreate}?association=${a.id}`}>
              <Button icon={<UserAddOutlined />} tabIndex={-1} data-testid="association-subscribe">
                {t('subscriptionsUi.add')}
              </Button>
            </Link>
          )}
          {can('associations.put') && a.can_start && (
            <StartAssociation
              association={a}
              text={t('associationsUi.detail.start')}
              // The page is the association's own: its name is the heading, the button says the action.
              label={t('associationsUi.detail.start')}
              testId="association-start"
            />
          )}
          {can('associations.delete') && (
            <DeleteAssociation
              association={a}
              text={t('associationsUi.detail.delete')}
              testId="association-delete"
              onDeleted={() => navigate(paths.associations)}
            />
          )}
        </Space>
      }
    >
      <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" className="association-details">
        <Descriptions.Item label={t('associations.columns.code')}>
          <bdi dir="ltr" data-testid="association-code">
            {digits(a.code)}
          </bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('associations.columns.type')}>
          <StatusBadge color={TYPE_COLORS[a.association_type]} label={`associations.labels.${a.association_type}`} />
        </Descriptions.Item>
        <Descriptions.Item label={t('associations.columns.cost')}>
          <bdi className="money">{formatMoney(a.cost, lang)}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('associations.columns.from_date')}>
          {formatDate(a.from_date, lang)}
        </Descriptions.Item>
        <Descriptions.Item label={t('associations.columns.to_date')}>
          <span data-testid="association-to-date">{formatDate(a.to_date, lang)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('associations.columns.status')}>
          <Space size={4} wrap>
            <StatusBadge
              color={STATUS_COLORS[a.status]}
              label={`associations.labels.${a.status}`}
              testId="association-status"
            />
            {a.status === 'closed' && a.closed_at ? (
              <span className="muted" data-testid="association-closed-at">
                {formatDateTime(a.closed_at, lang)}
              </span>
            ) : (
              a.started_at && <span className="muted">{formatDateTime(a.started_at, lang)}</span>
            )}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('associations.columns.subscriptions')}>
          <span data-testid="association-held">{formatNumber(a.numOfSubscription, lang)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('associations.columns.available_days')}>
          <span data-testid="association-available">{formatNumber(a.AvailableDays, lang)}</span>
        </Descriptions.Item>
      </Descriptions>
    </Panel>
  );
}
