import { ALL_ROWS } from '@portal/shared/constants';
import type { TCustomerRequestDetail } from '@portal/shared/schemas/customer-requests-api';
import type { TRequestActionRequest } from '@portal/shared/schemas/customer-requests-machine';
import { REQUEST_NOTE_MAX_LENGTH } from '@portal/shared/schemas/customer-requests-policy';
import type { TListPage } from '@portal/shared/schemas/list';
import type { TUserListRow } from '@portal/shared/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDatePicker } from '../../../components/forms/lazy-date-picker';
import { ApiError, api } from '../../../lib/api-client';
import { dayOfDayjs, todayDayjs } from '../../../lib/clock';
import { typedSearch } from '../../../lib/digits';
import { lazyZodRule } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useRequestLookups } from '../api/lookups-api';
import { useMoveRequest, useSetRequestBranch } from '../api/request-detail-api';
import { lookupName } from './request-status';

/** The accept dialog's field rules, downloaded with the dialog (zod stays out of the first load). */
const requestSchemas = () => import('@portal/shared/schemas/customer-requests-machine');

/** The actions that ask for input first (request-actions.tsx opens them). */
export type DialogKind = 'pay' | 'reject' | 'cancel' | 'branch' | 'move';

/**
 * An action's dialog: its fields in a form, the server's refusal inside it (a 409 — someone acted
 * meanwhile — names the status now; the request has been reloaded behind it).
 */
function ActionDialog({
  title,
  ok,
  danger,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  ok: string;
  danger?: boolean;
  onClose: () => void;
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSubmit(values);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.message) {
        setError(failure.message);
        // A field the server refused says so under itself too (a fee it could not read, …).
        const known = new Set(Object.keys(form.getFieldsValue() ?? {}));
        form.setFields(
          failure.errors
            .filter((e) => e.field !== undefined && known.has(e.field))
            .map((e) => ({ name: e.field as string, errors: [e.title] })),
        );
      } else setError(t('common.check_connection'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={ok}
      cancelText={t('requestsDetail.dialog_cancel')}
      okButtonProps={{ danger, loading: pending }}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} className="request-dialog-error" role="alert" />}
      <Form form={form} layout="vertical" requiredMark onFinish={() => void submit()}>
        {children}
      </Form>
    </Modal>
  );
}

/** The staff members a request may be moved to (accounts of type admin). */
function useStaffOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'list', 'admin', 'options'],
    queryFn: ({ signal }) =>
      api.post<TListPage<TUserListRow>>(
        '/users',
        { type: 'admin', perPage: ALL_ROWS, sortBy: 'name', sortOrder: 'asc', filters: {} },
        { signal },
      ),
    select: (page) => page.data.map((u) => ({ value: u.id, label: u.name })),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * One action's dialog: accept (the fee and its reference), reject (a reason, a note), cancel (a
 * reason), branch (where and when the customer collects), move (the staff member who handles it).
 * `take` runs a workflow action with the status on screen (request-actions.tsx).
 */
export function RequestActionDialog({
  kind: dialog,
  request,
  onClose: close,
  take,
}: {
  kind: DialogKind;
  request: TCustomerRequestDetail;
  onClose: () => void;
  take: (input: TRequestActionRequest) => Promise<void>;
}) {
  const { t } = useTranslation();
  const lookups = useRequestLookups();
  const setBranch = useSetRequestBranch(request.id);
  const move = useMoveRequest(request.id);
  const staff = useStaffOptions(dialog === 'move');
  return (
    <>
      {dialog === 'pay' && (
        <ActionDialog
          title={t('requestsDetail.pay.title')}
          ok={t('requestsDetail.pay.ok')}
          onClose={close}
          onSubmit={async (v) => {
            // What was typed, read by the rules the server reads it with (Arabic digits and ٫ ٬ in the
            // fee, Latin digits in the reference); the form has checked both already.
            const { paymentAmountField, paymentReferenceField } = await requestSchemas();
            await take({
              type: 'next-for-pay',
              payment_amount: paymentAmountField.parse(v.payment_amount),
              payment_reference: paymentReferenceField.parse(v.payment_reference),
            });
          }}
        >
          <Form.Item
            name="payment_amount"
            label={t('requestsDetail.pay.amount')}
            required
            rules={[lazyZodRule(async () => (await requestSchemas()).paymentAmountField)]}
          >
            <Input inputMode="decimal" autoFocus suffix={t('requestsDetail.pay.egp')} />
          </Form.Item>
          <Form.Item
            name="payment_reference"
            label={t('requestsDetail.pay.reference')}
            required
            rules={[lazyZodRule(async () => (await requestSchemas()).paymentReferenceField)]}
          >
            <Input dir="ltr" />
          </Form.Item>
        </ActionDialog>
      )}
      {dialog === 'reject' && (
        <ActionDialog
          title={t('requestsDetail.reject.title')}
          ok={t('requestsDetail.reject.ok')}
          danger
          onClose={close}
          onSubmit={(v) =>
            take({
              type: 'reject',
              rejection_reason_id: Number(v.rejection_reason_id),
              rejection_note: String(v.rejection_note ?? '').trim(),
            })
          }
        >
          <Form.Item
            name="rejection_reason_id"
            label={t('requestsDetail.reject.reason')}
            required
            rules={[{ required: true, message: t('requests.validation.rejection_reason_required') }]}
          >
            <Select
              options={(lookups.data?.rejection_reasons ?? []).map((r) => ({
                value: r.id,
                label: r.final_decision ? `${lookupName(r)} (${t('requestsDetail.final_decision')})` : lookupName(r),
              }))}
              loading={lookups.isPending}
            />
          </Form.Item>
          <Form.Item
            name="rejection_note"
            label={t('requestsDetail.reject.note')}
            required
            rules={[
              { required: true, whitespace: true, message: t('requests.validation.rejection_note_required') },
              { max: REQUEST_NOTE_MAX_LENGTH },
            ]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </ActionDialog>
      )}
      {dialog === 'cancel' && (
        <ActionDialog
          title={t('requestsDetail.cancel.title')}
          ok={t('requestsDetail.cancel.ok')}
          danger
          onClose={close}
          onSubmit={(v) => take({ type: 'cancel', reason: String(v.reason ?? '').trim() })}
        >
          <Form.Item
            name="reason"
            label={t('requestsDetail.cancel.reason')}
            required
            rules={[
              { required: true, whitespace: true, message: t('requests.validation.cancel_reason_required') },
              { max: REQUEST_NOTE_MAX_LENGTH },
            ]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </ActionDialog>
      )}
      {dialog === 'branch' && (
        <ActionDialog
          title={t('requestsDetail.branch.title')}
          ok={t('requestsDetail.branch.ok')}
          onClose={close}
          onSubmit={async (v) => {
            await setBranch.mutateAsync({
              branch: Number(v.branch),
              receivingDate: dayOfDayjs(v.receivingDate as Dayjs),
            });
            toast.success(t('requests.messages.saved'));
          }}
        >
          <Form.Item
            name="branch"
            label={t('requestsDetail.branch.branch')}
            required
            rules={[{ required: true, message: t('requests.validation.branch_invalid') }]}
            initialValue={request.branch?.id}
          >
            <Select
              options={(lookups.data?.branches ?? []).map((b) => ({ value: b.id, label: lookupName(b) }))}
              loading={lookups.isPending}
            />
          </Form.Item>
          <Form.Item
            name="receivingDate"
            label={t('requestsDetail.branch.date')}
            required
            rules={[{ required: true, message: t('requestsDetail.branch.date_required') }]}
          >
            <LazyDatePicker
              className="full-width"
              disabledDate={(day) => day.isBefore(todayDayjs(), 'day')}
              onKeyDown={(event) => {
                // Enter picks the typed day; it must not also submit the dialog's form.
                if (event.key === 'Enter') event.preventDefault();
              }}
            />
          </Form.Item>
        </ActionDialog>
      )}
      {dialog === 'move' && (
        <ActionDialog
          title={t('requestsDetail.move.title')}
          ok={t('requestsDetail.move.ok')}
          onClose={close}
          onSubmit={async (v) => {
            await move.mutateAsync({ user_id: Number(v.user_id) });
            toast.success(t('requests.messages.saved'));
          }}
        >
          <Form.Item
            name="user_id"
            label={t('requestsDetail.move.staff')}
            required
            rules={[{ required: true, message: t('requests.validation.assignee_invalid') }]}
            initialValue={request.assigned_to?.id}
          >
            <Select showSearch={typedSearch()} options={staff.data ?? []} loading={staff.isPending} />
          </Form.Item>
        </ActionDialog>
      )}
    </>
  );
}
