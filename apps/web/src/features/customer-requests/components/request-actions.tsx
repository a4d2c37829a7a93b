import {
  ApartmentOutlined,
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  DollarOutlined,
  EditOutlined,
  PrinterOutlined,
  RollbackOutlined,
  StopOutlined,
  UndoOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { TCustomerRequestDetail } from '@portal/shared/schemas/customer-requests-api';
import type { TRequestActionRequest } from '@portal/shared/schemas/customer-requests-machine';
import { type RequestStatus, requestPolicy } from '@portal/shared/schemas/customer-requests-policy';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmAction } from '../../../components/data-table/row-actions';
import { ConnectionButton } from '../../../components/feedback/needs-connection';
import { paths } from '../../../config/paths';
import { useCan, useViewer } from '../../../lib/authorization';
import { toast, toastApiError } from '../../../lib/toast';
import { useDeleteRequest, useRequestAction } from '../api/request-detail-api';
import { useRemoveRequest, useRestoreRequest } from '../api/requests-list-api';
import type { DialogKind } from './request-action-dialogs';
import { PAID_STATUSES } from './request-status';

/** What "next" does in each status (SPEC §4): one button, named for the step it takes. */
const NEXT_LABEL: Partial<Record<RequestStatus, string>> = {
  1: 'requestsDetail.actions.submit',
  2: 'requestsDetail.actions.review',
  4: 'requestsDetail.actions.mark_paid',
  5: 'requestsDetail.actions.mark_ready',
  6: 'requestsDetail.actions.mark_delivered',
  8: 'requestsDetail.actions.resubmit',
};

// The dialogs (antd Modal, Form, Select, Input: 50 KB gzip) download when one is first opened.
const RequestActionDialog = lazy(async () => ({
  default: (await import('./request-action-dialogs')).RequestActionDialog,
}));

/**
 * The workflow and list actions of one request, offered only when legal (the `actions` the server
 * derived from REQUEST_MACHINE for the caller) and held (the permission of SPEC §6): next (with the
 * 'ensureBeforeRequest' confirmation), accept with the fee, reject, cancel, reset (with the
 * 'RestoreMessage' warning); branch, move, remove/restore, delete; edit and the receipt as links.
 */
export function RequestActions({ request }: { request: TCustomerRequestDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const viewer = useViewer();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const action = useRequestAction(request.id);
  const remove = useRemoveRequest();
  const restore = useRestoreRequest();
  const destroy = useDeleteRequest();
  const status = request.request_status_type.id as RequestStatus;
  const actions = new Set(request.actions);
  const rejectionFinal = request.history[0]?.rejection_reason?.final_decision === true;
  const mayEdit = requestPolicy.edit(viewer, {
    created_by: request.created_by.id,
    rejection_final: rejectionFinal,
    status,
  });
  const close = () => setDialog(null);

  /** Runs an action with the status on screen; success says the status reached, a refusal the reason. */
  const take = async (input: TRequestActionRequest) => {
    const detail = await action.mutateAsync({ input, expected: status });
    toast.success(
      t('requests.messages.action_done', { status: t(`requests.status.${detail.request_status_type.id}`) }),
    );
  };
  const takeFromButton = async (input: TRequestActionRequest) => {
    try {
      await take(input);
    } catch (error) {
      toastApiError(error);
      throw error;
    }
  };
  const nextLabel = NEXT_LABEL[status];

  return (
    <div className="request-actions" data-testid="request-actions">
      {actions.has('next') && nextLabel && (
        <ConfirmAction
          size="middle"
          primary
          icon={<CheckOutlined />}
          text={t(nextLabel)}
          label={t(nextLabel)}
          testId="request-next"
          confirm={{
            title: t('requestsDetail.ensure_title'),
            description: t('requestsDetail.ensureBeforeRequest', { step: t(nextLabel) }),
            ok: t('requestsDetail.confirm_yes'),
            cancel: t('requestsDetail.confirm_no'),
          }}
          run={() => takeFromButton({ type: 'next' })}
        />
      )}
      {actions.has('next-for-pay') && (
        <ConnectionButton type="primary" icon={<DollarOutlined aria-hidden="true" />} onClick={() => setDialog('pay')}>
          {t('requestsDetail.actions.accept')}
        </ConnectionButton>
      )}
      {actions.has('reject') && (
        <ConnectionButton danger icon={<CloseOutlined aria-hidden="true" />} onClick={() => setDialog('reject')}>
          {t('requestsDetail.actions.reject')}
        </ConnectionButton>
      )}
      {actions.has('cancel') && (
        <ConnectionButton icon={<StopOutlined aria-hidden="true" />} onClick={() => setDialog('cancel')}>
          {t('requestsDetail.actions.cancel')}
        </ConnectionButton>
      )}
      {actions.has('reset') && (
        <ConfirmAction
          size="middle"
          danger
          icon={<UndoOutlined />}
          text={t('requestsDetail.actions.reset')}
          label={t('requestsDetail.actions.reset')}
          testId="request-reset"
          confirm={{
            title: t('requestsDetail.reset_title'),
            description: t('requestsDetail.RestoreMessage'),
            ok: t('requestsDetail.reset_yes'),
            cancel: t('requestsDetail.confirm_no'),
          }}
          run={() => takeFromButton({ type: 'reset' })}
        />
      )}
      {mayEdit && (
        <Link to={paths.serviceRequestEdit(request.id)}>
          <Button icon={<EditOutlined aria-hidden="true" />} tabIndex={-1}>
            {t('requestsDetail.actions.edit')}
          </Button>
        </Link>
      )}
      {PAID_STATUSES.includes(status) && (
        <Link to={paths.serviceRequestReceipt(request.id)}>
          <Button icon={<PrinterOutlined aria-hidden="true" />} tabIndex={-1}>
            {t('requestsDetail.actions.receipt')}
          </Button>
        </Link>
      )}
      {can('move_requests') && (
        <>
          <ConnectionButton icon={<ApartmentOutlined aria-hidden="true" />} onClick={() => setDialog('branch')}>
            {t('requestsDetail.actions.branch')}
          </ConnectionButton>
          <ConnectionButton icon={<UserSwitchOutlined aria-hidden="true" />} onClick={() => setDialog('move')}>
            {t('requestsDetail.actions.move')}
          </ConnectionButton>
        </>
      )}
      {(can('cancel_requests') || can('admin_requests')) && request.removed === 0 && (
        <ConfirmAction
          size="middle"
          icon={<StopOutlined />}
          text={t('requestsDetail.actions.remove')}
          label={t('requestsDetail.actions.remove')}
          testId="request-remove"
          confirm={{
            title: t('requestsList.cancel_confirm_title'),
            description: t('requestsList.cancel_confirm', { code: request.code }),
            ok: t('requestsList.cancel_yes'),
            cancel: t('requestsList.confirm_no'),
          }}
          run={() => remove.mutateAsync(request.id)}
          success={t('requests.messages.removed')}
          failure={t('requestsList.cancel_failed')}
        />
      )}
      {can('admin_requests') && request.removed === 1 && (
        <ConfirmAction
          size="middle"
          primary
          icon={<RollbackOutlined />}
          text={t('requestsDetail.actions.restore')}
          label={t('requestsDetail.actions.restore')}
          testId="request-restore"
          confirm={{
            title: t('requestsList.restore_confirm_title'),
            description: t('requestsList.restore_confirm', { code: request.code }),
            ok: t('requestsList.restore_yes'),
            cancel: t('requestsList.confirm_no'),
          }}
          run={() => restore.mutateAsync(request.id)}
          success={t('requests.messages.restored')}
          failure={t('requestsList.restore_failed')}
        />
      )}
      {can('admin_requests') && (
        <ConfirmAction
          size="middle"
          danger
          icon={<DeleteOutlined />}
          text={t('requestsDetail.actions.delete')}
          label={t('requestsDetail.actions.delete')}
          testId="request-delete"
          confirm={{
            title: t('requestsDetail.delete_title'),
            description: t('requestsDetail.delete_text', { code: request.code }),
            ok: t('requestsDetail.delete_yes'),
            cancel: t('requestsDetail.confirm_no'),
          }}
          run={async () => {
            await destroy.mutateAsync(request.id);
            navigate(paths.serviceRequests, { replace: true });
          }}
          success={t('requests.messages.deleted')}
          failure={t('requestsDetail.delete_failed')}
        />
      )}

      {dialog && (
        <Suspense fallback={null}>
          <RequestActionDialog kind={dialog} request={request} onClose={close} take={take} />
        </Suspense>
      )}
    </div>
  );
}
