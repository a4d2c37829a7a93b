import { OFFERED_PAGE_SIZES, REMINDER_DAYS_MAX } from '@portal/shared/constants';
import type { SettingKey, TSetting } from '@portal/shared/schemas/settings';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import '../settings.css';
import { NativeSelect } from '../../../components/forms/native-select';
import { Panel } from '../../../components/layout/panel';
import { CLIENT_SETTINGS_KEY } from '../../../lib/client-settings';
import { formatDateTime } from '../../../lib/format';
import { lazyZodRule, showSaveError } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { usePendingGuard } from '../../../lib/pending-guard';
import { toast } from '../../../lib/toast';
import { useChangeSetting } from '../api/settings-api';

/** The settings edited as a value (recovery mode has its own switch). */
export type ValueSettingKey = Exclude<SettingKey, 'recovery_mode'>;

/** The rule of a setting, from the same shared schema the server checks it with (zod loads on first check). */
const ruleOf = (key: ValueSettingKey) =>
  lazyZodRule(async () => (await import('@portal/shared/schemas/settings')).SETTING_DEFINITIONS[key].value);

/** Form.Item hands its control the id (the label's target), the value and onChange. */
type ControlProps = { name: ValueSettingKey; id?: string; value?: string; onChange?: (value: unknown) => void };

function Control({ name, ...field }: ControlProps) {
  const { t } = useTranslation();
  if (name === 'default_page_size') {
    return (
      <NativeSelect<string>
        id={field.id}
        value={field.value}
        onChange={field.onChange}
        options={OFFERED_PAGE_SIZES.map((size) => ({
          value: String(size),
          label: t('settingsUi.rows', { count: size }),
        }))}
      />
    );
  }
  if (name === 'reminder_days_before') {
    return (
      <NativeSelect<string>
        id={field.id}
        value={field.value}
        onChange={field.onChange}
        options={Array.from({ length: REMINDER_DAYS_MAX + 1 }, (_, days) => ({
          value: String(days),
          label: days === 0 ? t('settingsUi.on_due_date') : t('settingsUi.days_before', { count: days }),
        }))}
      />
    );
  }
  if (name === 'mail_sender_name') return <Input {...field} maxLength={80} />;
  return <Input {...field} dir="ltr" inputMode="url" placeholder="https://" />;
}

/**
 * One setting's card (docs/decisions/0022): what it does, its control, Save (only once changed),
 * the server's refusal under the field, and when it was last changed. Saving a link or the page
 * size refreshes what every screen reads (GET /settings/client).
 */
export function ValueSetting({ setting }: { setting: TSetting & { key: ValueSettingKey } }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const queryClient = useQueryClient();
  const change = useChangeSetting();
  const [form] = Form.useForm<{ value: string }>();
  const stored = String(setting.value ?? '');
  const current = Form.useWatch('value', form);
  const id = `setting-${setting.key}`;

  useEffect(() => {
    form.setFieldsValue({ value: stored });
  }, [form, stored]);

  const save = usePendingGuard(async ({ value }: { value: string }) => {
    try {
      const numeric = setting.key === 'default_page_size' || setting.key === 'reminder_days_before';
      const sent = numeric ? Number(value) : (value ?? '').trim();
      await change.mutateAsync({ key: setting.key, value: sent });
      void queryClient.invalidateQueries({ queryKey: CLIENT_SETTINGS_KEY });
      toast.success(t('messages.success'));
    } catch (error) {
      showSaveError(form, error, { fields: ['value'] });
    }
  });

  return (
    <Panel className="value-setting">
      <Form
        form={form}
        layout="vertical"
        name={id}
        onFinish={(values) => void save.run(values)}
        initialValues={{ value: stored }}
      >
        <Form.Item
          name="value"
          label={<strong>{t(`settingsUi.${setting.key}.title`)}</strong>}
          extra={t(`settingsUi.${setting.key}.description`)}
          rules={[ruleOf(setting.key)]}
        >
          <Control name={setting.key} />
        </Form.Item>
        <div className="form-actions">
          <Button
            type="primary"
            htmlType="submit"
            loading={save.pending}
            disabled={save.pending || (current ?? stored) === stored}
            data-testid={`${id}-save`}
          >
            {t('settingsUi.save')}
          </Button>
          {setting.updated_at && (
            <span className="muted">
              {t('settingsUi.recovery_mode.updated_at', { date: formatDateTime(setting.updated_at, lang) })}
            </span>
          )}
        </div>
      </Form>
    </Panel>
  );
}
