import { LockOutlined, PhoneOutlined } from '@ant-design/icons';
import { TOAST_SECONDS } from '@portal/shared/constants';
import type { TLoginResponseData } from '@portal/shared/schemas/auth';
import { ZLoginRequestSchema } from '@portal/shared/schemas/auth';
import { normalizePhone, stripSpaces } from '@portal/shared/text';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { zodRule } from '../../../lib/form-rules';
import { toast, toastApiError } from '../../../lib/toast';
import { useLogin } from '../api/use-login';

type Values = { phone: string; password: string };

/** Phone and password (SPEC §5): spaces removed, Arabic digits accepted, Enter submits, one request at a time. */
export function LoginForm({ onSuccess }: { onSuccess: (data: TLoginResponseData) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const login = useLogin();

  const submit = (values: Values) => {
    if (login.isPending) return;
    login.mutate(
      { phone: normalizePhone(values.phone), password: stripSpaces(values.password) },
      {
        onSuccess,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'invalid_data') {
            toast.error(t('errors.invalid_data'), TOAST_SECONDS);
            form.setFieldValue('password', '');
          } else if (error instanceof ApiError && error.status === 422) {
            toast.error(t('validation.complete_fields'), TOAST_SECONDS);
          } else {
            toastApiError(error);
          }
        },
      },
    );
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} size="large" autoComplete="on">
      <Form.Item
        name="phone"
        label={t('auth.phone')}
        normalize={(v: string) => normalizePhone(v ?? '')}
        rules={[zodRule(ZLoginRequestSchema.shape.phone)]}
        validateTrigger="onSubmit"
      >
        <Input
          prefix={<PhoneOutlined />}
          inputMode="numeric"
          autoComplete="tel"
          placeholder={t('auth.phone_placeholder')}
          dir="ltr"
          autoFocus
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.password')}
        rules={[zodRule(ZLoginRequestSchema.shape.password)]}
        validateTrigger="onSubmit"
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" dir="ltr" />
      </Form.Item>
      <div className="form-links">
        <Link to={paths.reset}>{t('auth.forgot_password')}</Link>
      </div>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('auth.login')}
      </Button>
      <p className="form-footer">
        {t('auth.no_account')} <Link to={paths.register}>{t('auth.register')}</Link>
      </p>
    </Form>
  );
}
