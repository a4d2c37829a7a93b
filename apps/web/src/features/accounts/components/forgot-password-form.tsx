import { MailOutlined } from '@ant-design/icons';
import { ZForgotPasswordRequest } from '@portal/shared/schemas/accounts';
import { stripSpaces } from '@portal/shared/text';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { zodRule } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { useForgotPassword } from '../api/accounts-api';
import { showServerFieldErrors } from '../lib/form-helpers';

type Values = { email: string };

type Props = {
  /** Called once the server took the request (it answers the same whether or not the email exists). */
  onSent: (email: string) => void;
  /** Why the user was sent back here (e.g. the reset link had expired). */
  notice?: string | null;
};

/** Forgot password (SPEC §2 /reset, §5): the email, spaces removed; failure says "an error occurred, please try again". */
export function ForgotPasswordForm({ onSent, notice }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const forgot = useForgotPassword();

  const submit = (values: Values) => {
    if (forgot.isPending) return;
    const parsed = ZForgotPasswordRequest.safeParse(values);
    if (!parsed.success) return;
    forgot.mutate(parsed.data, {
      onSuccess: () => onSent(parsed.data.email),
      onError: (error) => {
        if (showServerFieldErrors(form, error, ['email'])) return;
        // Too many attempts: the server says how long to wait, which is more use than a generic line.
        toast.error(
          error instanceof ApiError && error.status === 429 && error.message
            ? error.message
            : t('accountsUi.try_again_error'),
        );
      },
    });
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} size="large">
      {notice && <Alert className="form-alert" type="warning" showIcon title={notice} />}
      <p className="auth-intro">{t('accountsUi.reset.intro')}</p>
      <Form.Item
        name="email"
        label={t('accountsUi.fields.email')}
        normalize={(v: string | undefined) => stripSpaces(v ?? '')}
        rules={[zodRule(ZForgotPasswordRequest.shape.email)]}
        validateTrigger="onSubmit"
      >
        <Input
          prefix={<MailOutlined />}
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          autoFocus
          placeholder={t('accountsUi.fields.email_placeholder')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={forgot.isPending} data-testid="reset-submit">
        {t('accountsUi.reset.submit')}
      </Button>
      <p className="form-footer">
        <Link to={paths.login}>{t('accountsUi.back_to_login')}</Link>
      </p>
    </Form>
  );
}
