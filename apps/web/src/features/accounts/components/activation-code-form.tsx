import { ACTIVATION_CODE_LENGTH, ZVerifyEmailCodeRequest } from '@portal/shared/schemas/accounts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/guest/button';
import { ErrorSummary, Field } from '../../../components/guest/field';
import { LogoutIcon, MailIcon } from '../../../components/guest/icons';
import { useLeanForm } from '../../../components/guest/use-form';
import { ApiError } from '../../../lib/api-client';
import { toast, toastApiError } from '../../../lib/toast';
import { useResendActivation, useVerifyEmailCode } from '../api/accounts-api';
import { digitsOnly } from '../lib/form-helpers';

type Props = {
  /** The address the code was sent to, shown so the user knows which mailbox to open. */
  email: string | null;
  onActivated: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
};

/**
 * The 6-digit code of the activation email (SPEC §2 /message): digits only,
 * Arabic digits become Latin as they are typed, pasting the code works, and
 * the browser may fill it from the mail (one-time-code). No maxLength: the
 * browser would cut a pasted "123 456" before its space is removed. Also: resend the
 * email, or log out and go home.
 */
export function ActivationCodeForm({ email, onActivated, onLogout, loggingOut = false }: Props) {
  const { t } = useTranslation();
  const verify = useVerifyEmailCode();
  const resend = useResendActivation();

  const alreadyVerified = (error: unknown) =>
    error instanceof ApiError && error.code === 'accounts.errors.already_verified';

  const form = useLeanForm({
    fields: ['code'] as const,
    schema: ZVerifyEmailCodeRequest,
    normalize: { code: (v) => digitsOnly(v).slice(0, ACTIVATION_CODE_LENGTH) },
    onValid: (input) => {
      if (verify.isPending) return;
      verify.mutate(input, {
        onSuccess: () => {
          toast.success(t('accounts.messages.activated'));
          onActivated();
        },
        onError: (error) => {
          if (alreadyVerified(error)) {
            onActivated();
          } else if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
            // Wrong or expired code: said on the field, which is emptied for the next try.
            form.setField('code', { value: '', error: error.message || t('accountsUi.try_again_error') });
          } else {
            toastApiError(error);
          }
        },
      });
    },
  });

  const sendAgain = () => {
    if (resend.isPending) return;
    resend.mutate(undefined, {
      onSuccess: () => {
        form.setField('code', { value: '', error: null });
        toast.success(t('accounts.messages.activation_sent'));
      },
      onError: (error) => (alreadyVerified(error) ? onActivated() : toastApiError(error)),
    });
  };

  return (
    <div className="activation-code">
      <p className="auth-intro">
        {t('accountsUi.message.sent_to')}{' '}
        {email && (
          <bdi dir="ltr" className="auth-email">
            {email}
          </bdi>
        )}
      </p>
      <p className="muted">{t('accountsUi.message.sent_hint')}</p>
      <form className="lean-form" {...form.formProps}>
        <ErrorSummary errors={form.errors} labels={{ code: t('accountsUi.message.code') }} />
        <Field
          {...form.field('code')}
          className="code-field"
          label={t('accountsUi.message.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          placeholder={'•'.repeat(ACTIVATION_CODE_LENGTH)}
          autoFocus
          data-testid="activation-code"
        />
        <Button type="submit" variant="primary" block loading={verify.isPending} data-testid="activation-submit">
          {t('accountsUi.message.submit')}
        </Button>
      </form>
      <div className="auth-secondary">
        <p className="muted">{t('accountsUi.message.no_mail')}</p>
        <Button icon={<MailIcon />} onClick={sendAgain} loading={resend.isPending} block>
          {t('accountsUi.message.resend')}
        </Button>
        <Button variant="link" danger icon={<LogoutIcon />} onClick={onLogout} loading={loggingOut} block>
          {t('accountsUi.message.logout')}
        </Button>
      </div>
    </div>
  );
}
