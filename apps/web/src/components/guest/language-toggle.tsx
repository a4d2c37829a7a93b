import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../lib/i18n';
import { GlobeIcon } from './icons';

/**
 * Arabic ⇄ English for the guest pages, without antd: the other language's
 * texts are downloaded on the first switch (lib/i18n.ts), then direction,
 * lang and the stored choice flip together.
 */
export function LanguageToggle() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const next = currentLanguage() === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      className="lang-toggle"
      lang={next}
      aria-busy={pending || undefined}
      disabled={pending}
      data-testid="language-toggle"
      onClick={() => {
        setPending(true);
        void changeLanguage(next).finally(() => setPending(false));
      }}
    >
      <GlobeIcon />
      {t('header.switch_language')}
    </button>
  );
}
