import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldHint } from '../../../components/forms/field-hint';
import { SubmitButton } from '../../../components/forms/submit-button';
import { Panel } from '../../../components/layout/panel';
import { paths } from '../../../config/paths';
import { confirmPasswordRules, lazyZodRule, toastCompleteFields, useFormSubmit, useSchemas } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/users-api';

type Values = { old_password?: string; new_password: string; password: string };

const FIELDS = ['old_password', 'new_password', 'password'] as const;

/** SPEC §5: one's own password needs the current one; the new one follows the password rule and is repeated. */
export function PasswordForm({ userId, self }: { userId: number; self: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword(userId);
  const schemas = useSchemas(() => import('@portal/shared/schemas/users'));

  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent, leave) => {
      const { ZPasswordChangeRequestSchema } = await schemas();
      const parsed = ZPasswordChangeRequestSchema.safeParse(
        self ? values : { new_password: values.new_password, password: values.password },
      );
      if (!parsed.success) return toastCompleteFields();
      await change.mutateAsync(idempotent(parsed.data, userId));
      toast.success(t('messages.success'));
      leave(paths.user(userId));
    },
    { fields: FIELDS },
  );

  return (
    <Panel className="password-card">
      {self && <Alert type="info" showIcon title={t('usersUi.password.other_sessions')} className="form-note" />}
      <Form<Values>
        form={form}
        name="password"
        layout="vertical"
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
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
          extra={<FieldHint name="new_password">{t('usersUi.form.password_hint')}</FieldHint>}
          required
          rules={[lazyZodRule(async () => (await schemas()).ZPasswordChangeRequestSchema.shape.new_password)]}
        >
          <Input.Password dir="ltr" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('usersUi.password.confirm')}
          dependencies={['new_password']}
          required
          rules={confirmPasswordRules('new_password')}
        >
          <Input.Password dir="ltr" autoComplete="new-password" />
        </Form.Item>
        <div className="form-actions">
          <SubmitButton pending={submit.pending} testId="password-submit">
            {t('usersUi.password.submit')}
          </SubmitButton>
          <Link to={paths.user(userId)}>
            <Button tabIndex={-1}>{t('usersUi.form.cancel')}</Button>
          </Link>
        </div>
      </Form>
    </Panel>
  );
}
