import { LockOutlined } from '@ant-design/icons';
import { ZResetPasswordRequest } from '@portal/shared/schemas/accounts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { zodRule } from '../../../lib/form-rules';
import { useResetPassword } from '../api/accounts-api';
import { schemaFieldRule, showServerFieldErrors } from '../lib/form-helpers';

type Values = { password: string; confirm_password: string };

type Props = {
  token: string;
  onDone: () => void;
  /** The link cannot be used (expired, used, unknown) or the call failed: with the server's reason, if any. */
  onFailed: (reason: string | null) => void;
};

/** New password from the emailed link (SPEC §2 /newpassword/{token}, §5): the password rules plus confirmation. */
export function NewPasswordForm({ token, onDone, onFailed }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();

  const submit = (values: Values) => {
    if (reset.isPending) return;
    const parsed = ZResetPasswordRequest.safeParse({ ...values, token });
    if (!parsed.success) return;
    reset.mutate(parsed.data, {
      onSuccess: onDone,
      onError: (error) => {
        // A rule the server refused is said on its field; anything else sends the user back to /reset.
        if (showServerFieldErrors(form, error, ['password', 'confirm_password'])) return;
        onFailed(error instanceof ApiError && error.message ? error.message : null);
      },
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      size="large"
      validateTrigger="onBlur"
      className="password-rules"
    >
      <Form.Item
        name="password"
        label={t('accountsUi.fields.new_password')}
        extra={t('accountsUi.fields.password_hint')}
        rules={[zodRule(ZResetPasswordRequest.shape.password)]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" dir="ltr" autoFocus />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('accountsUi.fields.confirm_password')}
        dependencies={['password']}
        rules={[schemaFieldRule(ZResetPasswordRequest, 'confirm_password')]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" dir="ltr" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="new-password-submit">
        {t('accountsUi.reset.new_submit')}
      </Button>
    </Form>
  );
}
