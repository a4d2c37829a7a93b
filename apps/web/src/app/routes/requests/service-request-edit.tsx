import { type RequestStatus, requestPolicy } from '@portal/shared/schemas/customer-requests-policy';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { RequestForm } from '../../../features/customer-requests/components/request-form';
import { RequestLoader } from '../../../features/customer-requests/components/request-loader';
import { useViewer } from '../../../lib/authorization';

/**
 * /requests/{id}/edit: the form again, for its creator or edit_requests, while a draft or a
 * rejection that is not final; anyone else reads why not (a final rejection is closed for good).
 */
export default function ServiceRequestEditRoute() {
  const { t } = useTranslation();
  const viewer = useViewer();
  return (
    <RequestLoader>
      {(request) => {
        const mayEdit = requestPolicy.edit(viewer, {
          created_by: request.created_by.id,
          rejection_final: request.history[0]?.rejection_reason?.final_decision === true,
          status: request.request_status_type.id as RequestStatus,
        });
        return (
          <>
            <h1 className="page-title">
              {t('requestsForm.edit_title')} <bdi dir="ltr">{request.code}</bdi>
            </h1>
            {mayEdit ? (
              <RequestForm request={request} />
            ) : (
              <Alert
                type="warning"
                showIcon
                title={t('requests.errors.not_editable')}
                description={t('requestsForm.not_editable', {
                  status: t(`requests.status.${request.request_status_type.id}`),
                })}
                action={<Link to={paths.serviceRequest(request.id)}>{t('requestsDetail.receipt.back')}</Link>}
                data-testid="request-not-editable"
              />
            )}
          </>
        );
      }}
    </RequestLoader>
  );
}
