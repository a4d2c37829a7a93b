import { SendOutlined } from '@ant-design/icons';
import {
  TICKET_FILE_MAX_BYTES,
  TICKET_MESSAGE_MAX_LENGTH,
  TICKET_SUBJECT_MAX_LENGTH,
} from '@portal/shared/schemas/tickets-rules';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../../components/forms/file-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { Panel } from '../../../components/layout/panel';
import { paths } from '../../../config/paths';
import { formatFileSize } from '../../../lib/format';
import { lazyZodRule, showSaveError, toastCompleteFields, useSchemas } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { useLeaveAfterSave } from '../../../lib/leave';
import { usePendingGuard } from '../../../lib/pending-guard';
import { toast } from '../../../lib/toast';
import { sendNewTicket, useTicketChanged } from '../api/tickets-api';
import { TICKET_FILE_RULE } from './ticket-file-rule';
import './tickets.css';

type Values = { subject?: string; message?: string; file?: File | null };

const FIELDS = ['subject', 'message', 'file'] as const;

/**
 * Open a ticket (SPEC §7, docs/decisions/0022): subject, message and an optional attachment, checked
 * by the server's own schema (ZTicketOpenRequest, downloaded when the form opens) and by the file
 * rule, then sent as one multipart body with the upload's progress. The new ticket opens next.
 */
export function TicketForm() {
  const { t } = useTranslation();
  // The new ticket opens next; until it has, the form stays busy (lib/leave.ts).
  const away = useLeaveAfterSave();
  const [form] = Form.useForm<Values>();
  const changed = useTicketChanged();
  const schemas = useSchemas(() => import('@portal/shared/schemas/tickets'));
  const [progress, setProgress] = useState<number | null>(null);

  const send = usePendingGuard(async (values: Values) => {
    const { ZTicketOpenRequest } = await schemas();
    const parsed = ZTicketOpenRequest.safeParse({ subject: values.subject ?? '', message: values.message ?? '' });
    if (!parsed.success) return toastCompleteFields();
    const body = new FormData();
    body.append('subject', parsed.data.subject);
    body.append('message', parsed.data.message);
    if (values.file) body.append('file', values.file, values.file.name);
    setProgress(0);
    try {
      const ticket = await sendNewTicket(body, setProgress);
      changed(ticket);
      toast.success(t('tickets.messages.opened'));
      away.leave(paths.ticket(ticket.id));
    } catch (error) {
      showSaveError(form, error, { fields: FIELDS });
    } finally {
      setProgress(null);
    }
  });

  return (
    <Panel className="ticket-form-panel">
      <p className="muted form-note">{t('ticketsUi.form.intro')}</p>
      <Form<Values>
        form={form}
        layout="vertical"
        name="ticket"
        requiredMark
        onFinish={(values) => {
          if (!away.isLeaving()) void send.run(values);
        }}
        onFinishFailed={toastCompleteFields}
        data-testid="ticket-form"
      >
        <Form.Item
          name="subject"
          label={t('ticketsUi.form.subject')}
          rules={[lazyZodRule(async () => (await schemas()).ZTicketOpenRequest.shape.subject)]}
          required
        >
          <Input maxLength={TICKET_SUBJECT_MAX_LENGTH} placeholder={t('ticketsUi.form.subject_placeholder')} />
        </Form.Item>
        <Form.Item
          name="message"
          label={t('ticketsUi.form.message')}
          rules={[lazyZodRule(async () => (await schemas()).ZTicketOpenRequest.shape.message)]}
          required
        >
          <Input.TextArea
            rows={6}
            maxLength={TICKET_MESSAGE_MAX_LENGTH}
            showCount
            placeholder={t('ticketsUi.form.message_placeholder')}
          />
        </Form.Item>
        <Form.Item name="file" label={t('ticketsUi.form.attachment')}>
          <FileField
            {...TICKET_FILE_RULE}
            progress={progress}
            hint={t('ticketsUi.form.attachment_hint', {
              size: formatFileSize(TICKET_FILE_MAX_BYTES, currentLanguage()),
            })}
            testId="ticket-file"
          />
        </Form.Item>
        <div className="form-actions">
          <SubmitButton pending={send.pending || away.leaving} testId="ticket-submit">
            <SendOutlined aria-hidden="true" /> {t('ticketsUi.form.submit')}
          </SubmitButton>
        </div>
      </Form>
    </Panel>
  );
}
