import { HomeOutlined, LockOutlined, MailOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { PHONE_MAX_LENGTH } from '@portal/shared/constants';
import { ADDRESS_MAX_LENGTH, ZRegisterRequest } from '@portal/shared/schemas/accounts';
import type { TLoginResponseData } from '@portal/shared/schemas/auth';
import { stripSpaces } from '@portal/shared/text';
import { Button, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { zodRule } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { useRegister } from '../api/accounts-api';
import { digitsOnly, schemaFieldRule, showServerFieldErrors } from '../lib/form-helpers';
import { ServerErrorAlert } from './server-error-alert';

type Values = {
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  password: string;
  confirm_password: string;
  address: string;
};

const FIELDS = ['first_name', 'last_name', 'email', 'mobile', 'password', 'confirm_password', 'address'] as const;
const shape = ZRegisterRequest.shape;

/**
 * Registration (SPEC §2, §5): every rule comes from the shared ZRegisterRequest,
 * so the form and the server refuse the same things with the same words.
 * The email loses its spaces and the mobile keeps digits only (Arabic digits
 * become Latin) as the user types. Enter submits; one request at a time.
 */
export function RegisterForm({ onRegistered }: { onRegistered: (data: TLoginResponseData) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const register = useRegister();

  const submit = (values: Values) => {
    if (register.isPending) return;
    const parsed = ZRegisterRequest.safeParse(values);
    if (!parsed.success) {
      toast.error(t('accountsUi.invalid_data'));
      return;
    }
    register.mutate(parsed.data, {
      onSuccess: (data) => onRegistered(data),
      onError: (error) => {
        showServerFieldErrors(form, error, FIELDS);
      },
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      onFinishFailed={() => toast.error(t('accountsUi.invalid_data'))}
      requiredMark={false}
      size="large"
      autoComplete="on"
      className="register-form password-rules"
      validateTrigger="onBlur"
    >
      <ServerErrorAlert error={register.error} title={t('accountsUi.register.failed')} />
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="first_name"
            label={t('accountsUi.fields.first_name')}
            rules={[schemaFieldRule(ZRegisterRequest, 'first_name')]}
          >
            <Input prefix={<UserOutlined />} autoComplete="given-name" autoFocus maxLength={70} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="last_name"
            label={t('accountsUi.fields.last_name')}
            rules={[schemaFieldRule(ZRegisterRequest, 'last_name')]}
          >
            <Input autoComplete="family-name" maxLength={70} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="email"
        label={t('accountsUi.fields.email')}
        normalize={(v: string | undefined) => stripSpaces(v ?? '')}
        rules={[zodRule(shape.email)]}
      >
        <Input
          prefix={<MailOutlined />}
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          placeholder={t('accountsUi.fields.email_placeholder')}
        />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={t('accountsUi.fields.mobile')}
        normalize={(v: string | undefined) => digitsOnly(v)}
        rules={[zodRule(shape.mobile)]}
      >
        <Input
          prefix={<PhoneOutlined />}
          inputMode="numeric"
          autoComplete="tel"
          dir="ltr"
          maxLength={PHONE_MAX_LENGTH}
          placeholder={t('accountsUi.fields.mobile_placeholder')}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('accountsUi.fields.password')}
        extra={t('accountsUi.fields.password_hint')}
        rules={[zodRule(shape.password)]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" dir="ltr" />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('accountsUi.fields.confirm_password')}
        dependencies={['password']}
        rules={[schemaFieldRule(ZRegisterRequest, 'confirm_password')]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" dir="ltr" />
      </Form.Item>
      <Form.Item name="address" label={t('accountsUi.fields.address')} rules={[zodRule(shape.address)]}>
        <Input prefix={<HomeOutlined />} autoComplete="street-address" maxLength={ADDRESS_MAX_LENGTH} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={register.isPending} data-testid="register-submit">
        {t('accountsUi.register.submit')}
      </Button>
      <p className="form-footer">
        {t('accountsUi.register.have_account')} <Link to={paths.login}>{t('accountsUi.login')}</Link>
      </p>
    </Form>
  );
}
