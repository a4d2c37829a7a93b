import type { TMySubscription } from '@portal/shared/schemas/members';
import { ZTurnMoveCreateRequest } from '@portal/shared/schemas/turn-moves';
import { Alert, Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/submit-button';
import { toastCompleteFields, useFormSubmit } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useAvailableDays, useRequestTurnMove } from '../api/members-api';
import { dayText } from './day-text';
import { DaySelect } from './day-select';

type Values = { to_day?: number };

/**
 * Ask to move my turn (POST /me/turn-moves): another free day of the same association, from today
 * on. Staff decide it; the member sees it on the subscription's card and in /my/turn-moves, and is
 * told the decision in the bell. Sent once however often it is pressed, with an idempotency key.
 */
export function TurnMoveDialog({ subscription, onClose }: { subscription: TMySubscription; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const days = useAvailableDays(subscription.association.id);
  const request = useRequestTurnMove();
  const free = (days.data?.days ?? []).filter((d) => d.day_number !== subscription.day.day_number);

  const submit = useFormSubmit(form, async (values: Values, idempotent) => {
    const parsed = ZTurnMoveCreateRequest.safeParse({ subscription_id: subscription.id, to_day: values.to_day });
    if (!parsed.success) return toastCompleteFields();
    await request.mutateAsync(idempotent(parsed.data));
    toast.success(t('turn_moves.messages.requested'));
    onClose();
  });

  return (
    <Modal
      open
      title={t('membersUi.move.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="turn-move-dialog"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="turn-move"
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
      >
        <dl className="member-facts">
          <div>
            <dt>{t('membersUi.subscriptions.association')}</dt>
            <dd>{subscription.association.title}</dd>
          </div>
          <div>
            <dt>{t('membersUi.move.current')}</dt>
            <dd>{dayText(t, subscription.day, lang)}</dd>
          </div>
        </dl>
        {days.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('membersUi.days_failed')}
            action={<Button onClick={() => void days.refetch()}>{t('common.retry')}</Button>}
          />
        ) : days.isSuccess && free.length === 0 ? (
          <Alert type="info" showIcon title={t('membersUi.move.no_days')} />
        ) : (
          <Form.Item
            name="to_day"
            label={t('membersUi.move.to_day')}
            rules={[{ required: true, message: t('membersUi.move.to_day_required') }]}
            extra={t('membersUi.move.hint')}
          >
            <DaySelect
              days={free}
              loading={days.isPending}
              placeholder={t('membersUi.day_placeholder')}
              testId="turn-move-day"
            />
          </Form.Item>
        )}
        <div className="form-actions">
          <SubmitButton
            pending={submit.pending}
            disabled={!days.isSuccess || free.length === 0}
            testId="turn-move-submit"
          >
            {t('membersUi.move.submit')}
          </SubmitButton>
          <Button onClick={onClose}>{t('membersUi.close')}</Button>
        </div>
      </Form>
    </Modal>
  );
}
