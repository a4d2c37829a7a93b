import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../features/settings/api/settings-api';
import { RecoveryModeSetting } from '../../../features/settings/components/recovery-mode-setting';
import { ValueSetting, type ValueSettingKey } from '../../../features/settings/components/value-setting';

/** The order the value settings show in: the request form's links, mail, lists, reminders. */
const VALUE_SETTINGS: readonly ValueSettingKey[] = [
  'request_documents_url',
  'request_contracts_url',
  'mail_sender_name',
  'default_page_size',
  'reminder_days_before',
];

/** /settings (admin_roles): what an operator changes without a deploy (docs/decisions/0022). */
export default function SettingsRoute() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <>
      <h1 className="page-title">{t('settingsUi.title')}</h1>
      <div className="settings-grid">
        <RecoveryModeSetting />
        {settings.isPending && (
          <p className="muted" role="status">
            {t('common.loading')}
          </p>
        )}
        {settings.isError && (
          <Alert
            type="error"
            showIcon
            title={t('settingsUi.load_failed')}
            action={<Button onClick={() => void settings.refetch()}>{t('common.retry')}</Button>}
          />
        )}
        {VALUE_SETTINGS.map((key) => {
          const setting = settings.data?.find((s) => s.key === key);
          return setting ? <ValueSetting key={key} setting={{ ...setting, key }} /> : null;
        })}
      </div>
    </>
  );
}
