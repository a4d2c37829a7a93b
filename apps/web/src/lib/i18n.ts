import type { Locale } from '@portal/shared/constants';
import { MESSAGES } from '@portal/shared/messages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import arAccounts from '../locales/ar/accounts.json';
import arAuth from '../locales/ar/auth.json';
import arCommon from '../locales/ar/common.json';
import arLogs from '../locales/ar/logs.json';
import arUsers from '../locales/ar/users.json';
import enAccounts from '../locales/en/accounts.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enLogs from '../locales/en/logs.json';
import enUsers from '../locales/en/users.json';
import { applyDocumentLanguage, storedLanguage, storeLanguage } from './language';

/**
 * One i18next instance: the app's own texts (locales/<lang>/<area>.json, each file
 * owning its top-level keys) merged with the shared validation and error catalogue.
 */
export const resources = {
  ar: { translation: { ...MESSAGES.ar, ...arCommon, ...arAuth, ...arLogs, ...arUsers, ...arAccounts } },
  en: { translation: { ...MESSAGES.en, ...enCommon, ...enAuth, ...enLogs, ...enUsers, ...enAccounts } },
} as const;

export function initI18n(lang: Locale = storedLanguage()) {
  applyDocumentLanguage(lang);
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: lang,
      fallbackLng: 'ar',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  return i18next;
}

export async function changeLanguage(lang: Locale): Promise<void> {
  storeLanguage(lang);
  applyDocumentLanguage(lang);
  await i18next.changeLanguage(lang);
}

export function currentLanguage(): Locale {
  return i18next.language === 'en' ? 'en' : 'ar';
}
