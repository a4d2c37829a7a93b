import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Safari's Share button as iPhones draw it: a box with an arrow out of its top. */
function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className="install-share-icon">
      <path
        d="M12 3v12M8 7l4-4 4 4M7 10H5v11h14V10h-2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** How to put the app on an iPhone's Home Screen (Safari has no install prompt). */
export default function InstallHowTo({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('pwa.install.ios_title')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('pwa.install.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="install-how-to"
    >
      <p>{t('pwa.install.ios_intro')}</p>
      <ol className="install-steps">
        <li>
          <ShareIcon /> <span>{t('pwa.install.ios_step_share')}</span>
        </li>
        <li>{t('pwa.install.ios_step_add')}</li>
        <li>{t('pwa.install.ios_step_confirm')}</li>
      </ol>
    </Modal>
  );
}
