import { TOAST_SECONDS } from '@portal/shared/constants';
import { ZPasswordChangeRequestSchema } from '@portal/shared/schemas/users';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { zodRule } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/users-api';
import { showSaveError } from './form-errors';

type Values = { old_password?: string; new_password: string; password: string };

const FIELDS = ['old_password', 'new_password', 'password'] as const;
const shape = ZPasswordChangeRequestSchema.shape;

/** SPEC §5: one's own password needs the current one; the new one follows the password rule and is repeated. */
export function PasswordForm({ userId, self }: { userId: number; self: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword(userId);

  const submit = (values: Values) => {
    if (change.isPending) return;
    const parsed = ZPasswordChangeRequestSchema.safeParse(
      self ? values : { new_password: values.new_password, password: values.password },
    );
    if (!parsed.success) return void toast.error(t('validation.complete_fields'), TOAST_SECONDS);
    change.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('messages.success'));
        navigate(paths.user(userId));
      },
      onError: (error) => showSaveError(form, t, error, FIELDS),
    });
  };

  return (
    <Card className="password-card">
      {self && <Alert type="info" showIcon title={t('usersUi.password.other_sessions')} className="form-note" />}
      <Form<Values>
        form={form}
        name="password"
        layout="vertical"
        onFinish={submit}
        onFinishFailed={() => toast.error(t('validation.complete_fields'), TOAST_SECONDS)}
        data-testid="password-form"
      >
        {self && (
          <Form.Item
            name="old_password"
            label={t('usersUi.password.old')}
            required
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!value?.trim()) throw new Error(t('users.validation.old_password_required'));
                },
              },
            ]}
          >
            <Input.Password dir="ltr" autoComplete="current-password" autoFocus />
          </Form.Item>
        )}
        <Form.Item
          name="new_password"
          label={t('usersUi.password.new')}
          extra={t('usersUi.form.password_hint')}
          required
          rules={[zodRule(shape.new_password)]}
        >
          <Input.Password dir="ltr" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('usersUi.password.confirm')}
          dependencies={['new_password']}
          required
          rules={[
            zodRule(shape.password),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (
                  value &&
                  value.replace(/\s+/g, '') !== String(getFieldValue('new_password') ?? '').replace(/\s+/g, '')
                ) {
                  throw new Error(t('users.validation.passwords_mismatch'));
                }
              },
            }),
          ]}
        >
          <Input.Password dir="ltr" autoComplete="new-password" />
        </Form.Item>
        <div className="form-actions">
          <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
            {t('usersUi.password.submit')}
          </Button>
          <Link to={paths.user(userId)}>
            <Button tabIndex={-1}>{t('usersUi.form.cancel')}</Button>
          </Link>
        </div>
      </Form>
    </Card>
  );
}
