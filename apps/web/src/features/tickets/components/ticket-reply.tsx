import { SendOutlined } from '@ant-design/icons';
import type { TTicketDetail } from '@portal/shared/schemas/tickets';
import { TICKET_FILE_MAX_BYTES, TICKET_MESSAGE_MAX_LENGTH } from '@portal/shared/schemas/tickets-rules';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../../components/forms/file-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { Panel } from '../../../components/layout/panel';
import { ApiError } from '../../../lib/api-client';
import { formatFileSize } from '../../../lib/format';
import { lazyZodRule, showSaveError, toastCompleteFields, useSchemas } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { usePendingGuard } from '../../../lib/pending-guard';
import { toast } from '../../../lib/toast';
import { sendTicketReply, useRefreshTicket, useTicketChanged } from '../api/tickets-api';
import { TICKET_FILE_RULE } from './ticket-file-rule';

type Values = { message?: string; file?: File | null };

/**
 * The reply under a conversation (SPEC §7 POST ticket/add/{id}): a message and an optional
 * attachment, checked by ZTicketReplyRequest and the file rule, sent with the upload's progress.
 * A ticket closed meanwhile answers 409: its message is shown and the ticket reloads.
 */
export function TicketReply({ ticket }: { ticket: TTicketDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const changed = useTicketChanged();
  const refresh = useRefreshTicket();
  const schemas = useSchemas(() => import('@portal/shared/schemas/tickets'));
  const [progress, setProgress] = useState<number | null>(null);

  const send = usePendingGuard(async (values: Values) => {
    const { ZTicketReplyRequest } = await schemas();
    const parsed = ZTicketReplyRequest.safeParse({ message: values.message ?? '' });
    if (!parsed.success) return toastCompleteFields();
    const body = new FormData();
    body.append('message', parsed.data.message);
    if (values.file) body.append('file', values.file, values.file.name);
    setProgress(0);
    try {
      changed(await sendTicketReply(ticket.id, body, setProgress));
      form.resetFields();
      toast.success(t('tickets.messages.replied'));
    } catch (error) {
      showSaveError(form, error, { fields: ['message', 'file'] });
      // Closed meanwhile: the ticket is read again and shows it.
      if (error instanceof ApiError && error.status === 409) refresh(ticket.id);
    } finally {
      setProgress(null);
    }
  });

  return (
    <Panel title={t('ticketsUi.reply.title')} className="ticket-reply">
      <Form<Values>
        form={form}
        layout="vertical"
        name="ticket-reply"
        onFinish={(values) => void send.run(values)}
        onFinishFailed={toastCompleteFields}
        data-testid="ticket-reply-form"
      >
        <Form.Item
          name="message"
          label={t('ticketsUi.reply.message')}
          rules={[lazyZodRule(async () => (await schemas()).ZTicketReplyRequest.shape.message)]}
          required
        >
          <Input.TextArea rows={4} maxLength={TICKET_MESSAGE_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item name="file" label={t('ticketsUi.form.attachment')}>
          <FileField
            {...TICKET_FILE_RULE}
            progress={progress}
            hint={t('ticketsUi.form.attachment_hint', {
              size: formatFileSize(TICKET_FILE_MAX_BYTES, currentLanguage()),
            })}
            testId="ticket-reply-file"
          />
        </Form.Item>
        <div className="form-actions">
          <SubmitButton pending={send.pending} testId="ticket-reply-submit">
            <SendOutlined aria-hidden="true" /> {t('ticketsUi.reply.submit')}
          </SubmitButton>
        </div>
      </Form>
    </Panel>
  );
}
