import { ZReplaceRequest } from '@portal/shared/schemas/ledger';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/submit-button';
import { ApiError } from '../../../lib/api-client';
import { isolated } from '../../../lib/format';
import { showSaveError, useFormSubmit, zodRule } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { MoneyDialog } from '../../ledger/components/money-dialog';
import { useReplaceMember } from '../api/money-api';
import { MemberSelect, type PickedMember } from './member-select';
import { SubscriptionFacts, type SubscriptionSubject } from './subscription-facts';

type Values = { user_id?: number; reason: string };

const FIELDS = ['user_id', 'reason'];

/**
 * Another member takes the subscription over (POST /subscriptions/{id}/replace): its turn day,
 * its payout and the installments still to pay move to them; what was paid stays on the receipts
 * of the member who paid it. The new member comes from the member search (active customers only),
 * with the reason, required.
 */
export default function ReplaceDialog({
  subscription,
  onClose,
}: {
  subscription: SubscriptionSubject;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const replace = useReplaceMember(subscription.id);
  const [picked, setPicked] = useState<PickedMember | undefined>();
  const [refused, setRefused] = useState<string | null>(null);

  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent) => {
      setRefused(null);
      await replace.mutateAsync(idempotent({ user_id: values.user_id ?? 0, reason: values.reason }, subscription.id));
      toast.success(t('ledgerUi.replace.done', { member: isolated(picked?.name ?? '') }));
      onClose();
    },
    {
      fields: FIELDS,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setRefused(error.message);
          toast.error(error.message);
          return;
        }
        showSaveError(form, error, { fields: FIELDS });
      },
    },
  );

  return (
    <MoneyDialog title={t('ledgerUi.replace.title')} onClose={onClose} busy={submit.pending} testId="replace-dialog">
      <SubscriptionFacts subscription={subscription} />
      <Alert
        className="form-alert"
        type="info"
        showIcon
        title={t('ledgerUi.replace.what_happens')}
        description={t('ledgerUi.replace.effect', { member: isolated(subscription.userName) })}
        data-testid="replace-effect"
      />
      {refused && (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          title={t('ledgerUi.replace.not_done')}
          description={refused}
          data-testid="replace-refused"
        />
      )}
      <Form<Values>
        form={form}
        name="replace"
        layout="vertical"
        requiredMark
        initialValues={{ reason: '' }}
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
        data-testid="replace-form"
      >
        <Form.Item
          name="user_id"
          label={t('ledgerUi.replace.new_member')}
          rules={[{ required: true, message: t('subscriptionsUi.form.member_required') }]}
          required
        >
          <MemberSelect activeOnly testId="replace-member" onChange={(_id, member) => setPicked(member)} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('ledgerUi.replace.reason')}
          rules={[zodRule(ZReplaceRequest.shape.reason)]}
          required
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} showCount />
        </Form.Item>
        <div className="form-actions">
          <SubmitButton pending={submit.pending} testId="replace-submit">
            {t('ledgerUi.replace.submit')}
          </SubmitButton>
          <Button onClick={onClose} disabled={submit.pending}>
            {t('associationsUi.confirm_no')}
          </Button>
        </div>
      </Form>
    </MoneyDialog>
  );
}
