import { FileOutlined } from '@ant-design/icons';
import { listTitle } from '@portal/shared/schemas/customer-requests-rules';
import type { TUserDocument } from '@portal/shared/schemas/user-account';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useUserDocuments } from '../../users/api/user-account-api';
import { DocumentDownloadButton } from './document-download';
import './customer-requests.css';

function DocumentItem({ document }: { document: TUserDocument }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <li className="request-document">
      <FileOutlined aria-hidden="true" />
      <span className="request-document-text">
        <span className="request-document-type">{t(`requestsDetail.documents.types.${document.content_type}`)}</span>
        <span className="muted" title={document.title}>
          <bdi>{listTitle(document.title)}</bdi>
        </span>
        <span className="muted">
          <Link to={paths.serviceRequest(document.request_id)}>
            {t('usersUi.documents.request')} <bdi dir="ltr">{document.request_code}</bdi>
          </Link>{' '}
          · {formatDateTime(document.created_at, lang)}
        </span>
      </span>
      <DocumentDownloadButton
        url={document.url}
        title={document.title}
        label={t('usersUi.documents.download', { title: document.title })}
      />
    </li>
  );
}

/**
 * A member's documents across their service requests (GET /user/archive/{id}), on their profile:
 * each downloads through its request's authorized route, and names the request it belongs to.
 */
export function UserDocuments({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const documents = useUserDocuments(userId);
  if (documents.isPending) return <Skeleton active />;
  if (documents.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('usersUi.documents.load_failed')}
        action={<Button onClick={() => void documents.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (documents.data.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('usersUi.documents.empty')} />;
  }
  return (
    <ul className="request-documents" data-testid="user-documents">
      {documents.data.map((document) => (
        <DocumentItem key={document.id} document={document} />
      ))}
    </ul>
  );
}
