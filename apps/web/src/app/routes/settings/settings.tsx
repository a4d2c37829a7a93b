import { useTranslation } from 'react-i18next';
import { RecoveryModeSetting } from '../../../features/settings/components/recovery-mode-setting';
import { RequirePermission } from '../../guards';

export default function SettingsRoute() {
  const { t } = useTranslation();
  return (
    <RequirePermission permission="admin_roles">
      <h1 className="page-title">{t('settingsUi.title')}</h1>
      <RecoveryModeSetting />
    </RequirePermission>
  );
}
