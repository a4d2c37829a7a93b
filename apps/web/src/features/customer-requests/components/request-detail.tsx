import { FileOutlined } from '@ant-design/icons';
import type { TCustomerRequestDetail, TRequestFile } from '@portal/shared/schemas/customer-requests-api';
import { listTitle } from '@portal/shared/schemas/customer-requests-rules';
import { Descriptions, Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { Phone } from '../../../components/data-table/columns';
import { Panel } from '../../../components/layout/panel';
import { formatDate, formatDateTime, formatFileSize, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { DocumentDownloadButton } from './document-download';
import { RequestActions } from './request-actions';
import { lookupName, REQUEST_STATUS_COLORS, RequestStatusBadge, requestStatusLabel } from './request-status';
import './customer-requests.css';

const dash = (value: string | null | undefined) => (value ? value : '—');

function DocumentRow({ file }: { file: TRequestFile }) {
  const { t } = useTranslation();
  return (
    <li className="request-document">
      <FileOutlined aria-hidden="true" />
      <span className="request-document-text">
        <span className="request-document-type">{t(`requestsDetail.documents.types.${file.content_type}`)}</span>
        <span className="muted" title={file.document.title}>
          <bdi>{listTitle(file.document.title)}</bdi> ·{' '}
          <bdi>{formatFileSize(file.document.size, currentLanguage())}</bdi>
        </span>
      </span>
      <DocumentDownloadButton
        url={file.document.url}
        title={file.document.title}
        label={t('requestsDetail.documents.download', { title: file.document.title })}
      />
    </li>
  );
}

function Documents({ request }: { request: TCustomerRequestDetail }) {
  const { t } = useTranslation();
  const files = [...request.files.main_files, ...request.files.additional_files];
  if (files.length === 0) return <p className="muted">{t('requestsDetail.documents.none')}</p>;
  return (
    <ul className="request-documents" data-testid="request-documents">
      {files.map((file) => (
        <DocumentRow key={file.document.id} file={file} />
      ))}
    </ul>
  );
}

const HISTORY_COLORS: Record<string, string> = { error: 'red', success: 'green', default: 'gray' };

/**
 * Who did what, newest first (SPEC §3): an accept shows the fee and payment reference it set, a
 * rejection its reason (tagged when final), each kept with its own step even after a reset.
 */
function History({ history }: { history: TCustomerRequestDetail['history'] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Timeline
      data-testid="request-history"
      items={history.map((entry, index) => ({
        key: `${entry.created_at}-${index}`,
        color: HISTORY_COLORS[REQUEST_STATUS_COLORS[entry.request_status_type.code]] ?? 'blue',
        content: (
          <div className="history-entry">
            <strong>{t(requestStatusLabel(entry.request_status_type.id))}</strong>
            <span className="muted">
              {formatDateTime(entry.created_at, lang)}
              {' · '}
              {entry.created_by ? entry.created_by.name : t('requestsDetail.history.system')}
            </span>
            {entry.payment_amount !== null && (
              <span data-testid="history-fee">
                {t('requestsDetail.history.fee', { amount: formatMoney(entry.payment_amount, lang) })}
                {entry.payment_reference && (
                  <>
                    {' · '}
                    {t('requestsDetail.history.reference')} <bdi dir="ltr">{entry.payment_reference}</bdi>
                  </>
                )}
              </span>
            )}
            {entry.rejection_reason && (
              <span>
                {t('requestsDetail.history.reason', { reason: lookupName(entry.rejection_reason) })}{' '}
                {entry.rejection_reason.final_decision && (
                  <Tag color="red" data-testid="final-decision">
                    {t('requestsDetail.final_decision')}
                  </Tag>
                )}
              </span>
            )}
            {entry.note && <span className="history-note">{entry.note}</span>}
          </div>
        ),
      }))}
    />
  );
}

/** /requests/{id} (SPEC §2 "Request detail"): the request, its documents, its history, and what the caller may do. */
export function RequestDetail({ request }: { request: TCustomerRequestDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const passport = request.identity_type.id === 2;
  return (
    <div className="request-detail">
      <header className="request-detail-head">
        <h1 className="page-title">
          {t('requestsDetail.heading')} <bdi dir="ltr">{request.code}</bdi>
        </h1>
        <RequestStatusBadge status={request.request_status_type} branched={request.branched} testId="request-status" />
      </header>
      <RequestActions request={request} />
      {request.removed === 1 && <Tag color="default">{t('requestsDetail.removed')}</Tag>}
      <div className="request-detail-grid">
        <Panel title={t('requestsDetail.sections.applicant')}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'name', label: t('requestsDetail.fields.name'), children: request.name },
              { key: 'email', label: t('requestsDetail.fields.email'), children: <bdi dir="ltr">{request.email}</bdi> },
              { key: 'mobile', label: t('requestsDetail.fields.mobile'), children: <Phone value={request.mobile} /> },
              { key: 'address', label: t('requestsDetail.fields.address'), children: request.address },
              {
                key: 'identity',
                label: t(passport ? 'requestsDetail.fields.passport' : 'requestsDetail.fields.national_id'),
                children: <bdi dir="ltr">{passport ? request.identity_passport_value : request.identity_value}</bdi>,
              },
              {
                key: 'expiry',
                label: t('requestsDetail.fields.identity_expiration_date'),
                children: formatDate(request.identity_expiration_date, lang),
              },
            ]}
          />
        </Panel>
        <Panel title={t('requestsDetail.sections.service')}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'service', label: t('requestsDetail.fields.service'), children: lookupName(request.service) },
              {
                key: 'duration',
                label: t('requestsDetail.fields.duration'),
                children: lookupName(request.service_duration),
              },
              {
                key: 'organization_type',
                label: t('requestsDetail.fields.organization_type'),
                children: lookupName(request.organization_type),
              },
              {
                key: 'user_type',
                label: t('requestsDetail.fields.user_type'),
                children: t(`requestsDetail.user_types.${request.user_type}`, { defaultValue: request.user_type }),
              },
              {
                key: 'tax',
                label: t('requestsDetail.fields.tax_registration_number'),
                children: <bdi dir="ltr">{dash(request.tax_registration_number)}</bdi>,
              },
              {
                key: 'representative',
                label: t('requestsDetail.fields.representative_type'),
                children: request.Representative_type
                  ? t(`requestsDetail.representative_types.${request.Representative_type}`)
                  : '—',
              },
              {
                key: 'renewal',
                label: t('requestsDetail.fields.renewal'),
                children: t(request.renewal === 2 ? 'requestsDetail.renewal' : 'requestsDetail.first_time'),
              },
            ]}
          />
        </Panel>
        <Panel title={t('requestsDetail.sections.workflow')}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'created_by', label: t('requestsDetail.fields.created_by'), children: request.created_by.name },
              {
                key: 'created_at',
                label: t('requestsDetail.fields.created_at'),
                children: formatDateTime(request.created_at, lang),
              },
              { key: 'branch', label: t('requestsDetail.fields.branch'), children: lookupName(request.branch) },
              {
                key: 'receiving_date',
                label: t('requestsDetail.fields.receiving_date'),
                children: formatDate(request.receivingDate, lang),
              },
              {
                key: 'assigned_to',
                label: t('requestsDetail.fields.assigned_to'),
                children: request.assigned_to?.name ?? '—',
              },
              {
                key: 'payment_amount',
                label: t('requestsDetail.fields.payment_amount'),
                children:
                  request.payment_amount === null ? '—' : <bdi>{formatMoney(request.payment_amount, lang)}</bdi>,
              },
              {
                key: 'payment_reference',
                label: t('requestsDetail.fields.payment_reference'),
                children: <bdi dir="ltr">{dash(request.payment_reference)}</bdi>,
              },
              ...(request.rejection_note
                ? [
                    {
                      key: 'rejection',
                      label: t('requestsDetail.fields.rejection_note'),
                      children: request.rejection_note,
                    },
                  ]
                : []),
              ...(request.cancel_reason
                ? [{ key: 'cancel', label: t('requestsDetail.fields.cancel_reason'), children: request.cancel_reason }]
                : []),
            ]}
          />
        </Panel>
        <Panel title={t('requestsDetail.sections.documents')}>
          <Documents request={request} />
        </Panel>
      </div>
      <Panel title={t('requestsDetail.sections.history')} className="request-history-card">
        <History history={request.history} />
      </Panel>
    </div>
  );
}
