import type { TContactMessage } from '@portal/shared/schemas/contacts';
import { CONTACT_MESSAGE_MAX_LENGTH } from '@portal/shared/schemas/tickets-rules';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { lazyZodRule, useSchemas } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { usePendingGuard } from '../../../lib/pending-guard';
import { toast } from '../../../lib/toast';
import { useAnswerContact } from '../api/contacts-api';

type Values = { reply?: string };

/**
 * A guest's message and its answer (SPEC §7 POST /contact/{id}). While it is new, contacts.put
 * writes the answer here (ZContactReplyRequest, the server's schema); the server mails it to the
 * guest in their language. An answer given meanwhile by someone else (409) is shown in the dialog.
 */
export function ContactAnswerDialog({
  message,
  mayAnswer,
  onClose,
}: {
  message: TContactMessage;
  mayAnswer: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const answer = useAnswerContact();
  const schemas = useSchemas(() => import('@portal/shared/schemas/contacts'));
  const [error, setError] = useState<string | null>(null);
  const answering = mayAnswer && message.status === 0;

  const send = usePendingGuard(async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    try {
      await answer.mutateAsync({ id: message.id, reply: values.reply?.trim() ?? '' });
      toast.success(t('contacts.messages.answered'));
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors.some((e) => e.field === 'reply')) {
        form.setFields([
          { name: 'reply', errors: failure.errors.filter((e) => e.field === 'reply').map((e) => e.title) },
        ]);
      } else {
        setError(failure instanceof ApiError && failure.message ? failure.message : t('common.check_connection'));
      }
    }
  });

  return (
    <Modal
      open
      title={t('contactsUi.dialog.title', { subject: message.subject })}
      onCancel={onClose}
      onOk={answering ? () => void send.run() : onClose}
      okText={answering ? t('contactsUi.dialog.send') : t('contactsUi.dialog.close')}
      okButtonProps={{ loading: send.pending, 'data-testid': 'contact-dialog-ok' }}
      cancelButtonProps={answering ? undefined : { style: { display: 'none' } }}
      cancelText={t('contactsUi.dialog.cancel')}
      destroyOnHidden
    >
      <dl className="contact-details">
        <dt>{t('contactsUi.columns.sender')}</dt>
        <dd>
          {message.name} · <bdi dir="ltr">{message.email}</bdi>
          {message.phone ? (
            <>
              {' · '}
              <bdi dir="ltr">{message.phone}</bdi>
            </>
          ) : null}
        </dd>
        <dt>{t('contactsUi.dialog.received')}</dt>
        <dd>{formatDateTime(message.created_at, lang)}</dd>
        <dt>{t('contactsUi.dialog.language')}</dt>
        <dd>{t(`contactsUi.languages.${message.locale}`)}</dd>
      </dl>
      <p className="contact-message-body" data-testid="contact-message-body">
        {message.message}
      </p>
      {message.status === 1 && message.reply !== null && (
        <>
          <h3 className="contact-reply-title">
            {t('contactsUi.dialog.answered_by', {
              name: message.replied_by?.name ?? '—',
              date: formatDateTime(message.replied_at, lang),
            })}
          </h3>
          <p className="contact-message-body" data-testid="contact-reply-body">
            {message.reply}
          </p>
        </>
      )}
      {error && <Alert type="error" showIcon title={error} className="contact-dialog-error" role="alert" />}
      {answering && (
        <Form<Values> form={form} layout="vertical" name="contact-answer">
          <Form.Item
            name="reply"
            label={t('contactsUi.dialog.reply')}
            extra={t('contactsUi.dialog.reply_hint', { email: message.email })}
            rules={[lazyZodRule(async () => (await schemas()).ZContactReplyRequest.shape.reply)]}
            required
          >
            <Input.TextArea rows={6} maxLength={CONTACT_MESSAGE_MAX_LENGTH} showCount />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
