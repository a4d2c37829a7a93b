import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from '@portal/shared/constants';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_SUBJECT_MAX_LENGTH } from '@portal/shared/schemas/tickets-rules';
import { normalizePhone, stripSpaces } from '@portal/shared/text';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/guest/button';
import { ErrorSummary, Field, TextAreaField } from '../../../components/guest/field';
import { MailIcon, PhoneIcon, UserIcon } from '../../../components/guest/icons';
import { Result } from '../../../components/guest/result';
import { useLeanForm } from '../../../components/guest/use-form';
import { useIdempotencyKey, withIdempotencyKey } from '../../../lib/idempotency';
import { toast, toastApiError } from '../../../lib/toast';
import { useSendContact } from '../api/contacts-api';

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;

/**
 * The guest's contact form (PUT /contact; the staff answer it from POST /contacts): name, email,
 * an optional phone, subject and message, checked by the server's own schema
 * (ZContactCreateRequest, downloaded with the first keystroke, so zod stays off the page's first
 * load). A light guest page like the login (no antd). The answer comes by email, in the language
 * of this page. `after`: what to offer once the message is sent.
 */
export function ContactForm({ after }: { after?: ReactNode }) {
  const { t } = useTranslation();
  const send = useSendContact();
  const keys = useIdempotencyKey();
  const [sent, setSent] = useState(false);
  const form = useLeanForm({
    fields: FIELDS,
    schema: () => import('@portal/shared/schemas/contacts').then((m) => m.ZContactCreateRequest),
    normalize: { email: stripSpaces, phone: normalizePhone },
    toInput: (values) => ({ ...values, phone: values.phone.trim() === '' ? null : values.phone }),
    validateOn: 'blur',
    onInvalid: () => toast.error(t('accountsUi.invalid_data')),
    onValid: (input) => {
      if (send.isPending) return;
      send.mutate(withIdempotencyKey(input, keys.keyFor(input)), {
        onSuccess: () => {
          keys.settled();
          setSent(true);
        },
        onError: (error) => {
          if (!form.showServerErrors(error)) toastApiError(error);
        },
      });
    },
  });

  if (sent) {
    return (
      <div data-testid="contact-sent">
        <Result status="success" title={t('contacts.messages.sent')} />
        {after}
      </div>
    );
  }

  return (
    <form className="lean-form contact-form" autoComplete="on" data-testid="contact-form" {...form.formProps}>
      <ErrorSummary
        errors={form.errors}
        labels={{
          name: t('contactsUi.form.name'),
          email: t('contactsUi.form.email'),
          phone: t('contactsUi.form.phone'),
          subject: t('contactsUi.form.subject'),
          message: t('contactsUi.form.message'),
        }}
      />
      <p className="form-note">{t('contactsUi.form.intro')}</p>
      <Field
        {...form.field('name')}
        label={t('contactsUi.form.name')}
        icon={<UserIcon />}
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        autoFocus
      />
      <Field
        {...form.field('email')}
        label={t('contactsUi.form.email')}
        icon={<MailIcon />}
        inputMode="email"
        autoComplete="email"
        dir="ltr"
      />
      <Field
        {...form.field('phone')}
        label={t('contactsUi.form.phone')}
        icon={<PhoneIcon />}
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        maxLength={PHONE_MAX_LENGTH + 4}
      />
      <Field {...form.field('subject')} label={t('contactsUi.form.subject')} maxLength={CONTACT_SUBJECT_MAX_LENGTH} />
      <TextAreaField
        {...form.field('message')}
        label={t('contactsUi.form.message')}
        rows={5}
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
      />
      <Button type="submit" variant="primary" block loading={send.isPending} data-testid="contact-submit">
        {t('contactsUi.form.submit')}
      </Button>
    </form>
  );
}
