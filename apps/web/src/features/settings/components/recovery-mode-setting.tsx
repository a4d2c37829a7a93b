import { Alert, Button, Popconfirm, Space, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/layout/panel';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { usePendingGuard } from '../../../lib/pending-guard';
import { toast } from '../../../lib/toast';
import { useChangeSetting, useSettings } from '../api/settings-api';

/**
 * The recovery-mode switch (docs/decisions/0005): its current value from
 * POST /setting/index, changed after a confirmation, with a success or error toast.
 */
export function RecoveryModeSetting() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const settings = useSettings();
  const change = useChangeSetting();
  const setting = settings.data?.find((s) => s.key === 'recovery_mode');
  const on = setting?.value === true;
  const next = on ? 'off' : 'on';

  // One change at a time (lib/forms.ts): Popconfirm keeps its OK spinning until it settles;
  // a refusal is toasted by the query client's default and the switch keeps its old value.
  const confirm = usePendingGuard(async () => {
    try {
      await change.mutateAsync({ key: 'recovery_mode', value: !on });
      toast.success(t('messages.success'));
    } catch {
      // Already said by the default error toast.
    }
  });

  return (
    <Panel
      title={t('settingsUi.recovery_mode.title')}
      extra={
        setting && <Tag color={on ? 'success' : 'default'}>{t(`settingsUi.recovery_mode.${on ? 'on' : 'off'}`)}</Tag>
      }
    >
      <p className="muted">{t('settingsUi.recovery_mode.description')}</p>
      {settings.isPending ? (
        <span className="muted" role="status">
          {t('common.loading')}
        </span>
      ) : settings.isError || !setting ? (
        <Alert
          type="error"
          showIcon
          title={t('settingsUi.load_failed')}
          action={
            <Button size="small" onClick={() => void settings.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Space wrap size="middle">
          <Popconfirm
            title={t(`settingsUi.recovery_mode.confirm_${next}_title`)}
            description={t(`settingsUi.recovery_mode.confirm_${next}`)}
            okText={t(`settingsUi.recovery_mode.confirm_yes_${next}`)}
            cancelText={t('settingsUi.recovery_mode.confirm_no')}
            okButtonProps={{ loading: confirm.pending, danger: on }}
            onConfirm={confirm.run}
          >
            <Switch
              checked={on}
              loading={confirm.pending || settings.isFetching}
              aria-label={t('settingsUi.recovery_mode.title')}
              data-testid="recovery-mode-switch"
            />
          </Popconfirm>
          <span>{t(`settingsUi.recovery_mode.${on ? 'on' : 'off'}`)}</span>
          {setting.updated_at && (
            <span className="muted">
              {t('settingsUi.recovery_mode.updated_at', { date: formatDateTime(setting.updated_at, lang) })}
            </span>
          )}
        </Space>
      )}
    </Panel>
  );
}
