import { LogoutOutlined, MailOutlined } from '@ant-design/icons';
import { ACTIVATION_CODE_LENGTH, ZVerifyEmailCodeRequest } from '@portal/shared/schemas/accounts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { zodRule } from '../../../lib/form-rules';
import { toast, toastApiError } from '../../../lib/toast';
import { useResendActivation, useVerifyEmailCode } from '../api/accounts-api';
import { digitsOnly } from '../lib/form-helpers';

type Values = { code: string };

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
 * the browser may fill it from the mail (one-time-code). Also: resend the
 * email, or log out and go home.
 */
export function ActivationCodeForm({ email, onActivated, onLogout, loggingOut = false }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const verify = useVerifyEmailCode();
  const resend = useResendActivation();

  const alreadyVerified = (error: unknown) =>
    error instanceof ApiError && error.code === 'accounts.errors.already_verified';

  const submit = ({ code }: Values) => {
    if (verify.isPending) return;
    verify.mutate(
      { code: digitsOnly(code) },
      {
        onSuccess: () => {
          toast.success(t('accounts.messages.activated'));
          onActivated();
        },
        onError: (error) => {
          if (alreadyVerified(error)) {
            onActivated();
          } else if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
            // Wrong or expired code: said on the field, which is emptied for the next try.
            form.setFields([{ name: 'code', value: '', errors: [error.message || t('accountsUi.try_again_error')] }]);
          } else {
            toastApiError(error);
          }
        },
      },
    );
  };

  const sendAgain = () => {
    if (resend.isPending) return;
    resend.mutate(undefined, {
      onSuccess: () => {
        form.setFields([{ name: 'code', value: '', errors: [] }]);
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
      <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} size="large">
        <Form.Item
          name="code"
          label={t('accountsUi.message.code')}
          normalize={(v: string | undefined) => digitsOnly(v).slice(0, ACTIVATION_CODE_LENGTH)}
          rules={[zodRule(ZVerifyEmailCodeRequest.shape.code)]}
          validateTrigger="onSubmit"
        >
          <Input
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={ACTIVATION_CODE_LENGTH}
            placeholder={'•'.repeat(ACTIVATION_CODE_LENGTH)}
            autoFocus
            data-testid="activation-code"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={verify.isPending} data-testid="activation-submit">
          {t('accountsUi.message.submit')}
        </Button>
      </Form>
      <div className="auth-secondary">
        <p className="muted">{t('accountsUi.message.no_mail')}</p>
        <Button icon={<MailOutlined />} onClick={sendAgain} loading={resend.isPending} block>
          {t('accountsUi.message.resend')}
        </Button>
        <Button type="link" icon={<LogoutOutlined />} onClick={onLogout} loading={loggingOut} block danger>
          {t('accountsUi.message.logout')}
        </Button>
      </div>
    </div>
  );
}
