import { useTranslation } from 'react-i18next';
import { RecoveryModeSetting } from '../../../features/settings/components/recovery-mode-setting';

export default function SettingsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('settingsUi.title')}</h1>
      <RecoveryModeSetting />
    </>
  );
}
