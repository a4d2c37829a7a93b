import type { Locale } from '@portal/shared/constants';
import { MESSAGES } from '@portal/shared/messages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import arAccounts from '../locales/ar/accounts.json';
import arAuth from '../locales/ar/auth.json';
import arCommon from '../locales/ar/common.json';
import arLogs from '../locales/ar/logs.json';
import arNotifications from '../locales/ar/notifications.json';
import arStaff from '../locales/ar/staff.json';
import arUsers from '../locales/ar/users.json';
import enAccounts from '../locales/en/accounts.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enLogs from '../locales/en/logs.json';
import enNotifications from '../locales/en/notifications.json';
import enStaff from '../locales/en/staff.json';
import enUsers from '../locales/en/users.json';
import { applyDocumentLanguage, storedLanguage, storeLanguage } from './language';

type Tree = { [key: string]: string | Tree };

/**
 * Merges catalogues key by key, so a web file and the shared catalogue can both
 * add to one namespace (e.g. `dashboard`) without either replacing the other.
 */
export function mergeCatalogues(...trees: object[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree) as [string, string | Tree][]) {
      const existing = out[key];
      out[key] = typeof value === 'object' && typeof existing === 'object' ? mergeCatalogues(existing, value) : value;
    }
  }
  return out;
}

/** The app's own texts (locales/<lang>/<area>.json) merged with the shared validation and error catalogue. */
export const CATALOGUES = {
  ar: [MESSAGES.ar, arCommon, arAuth, arLogs, arUsers, arAccounts, arNotifications, arStaff],
  en: [MESSAGES.en, enCommon, enAuth, enLogs, enUsers, enAccounts, enNotifications, enStaff],
} as const;

export const resources = {
  ar: { translation: mergeCatalogues(...CATALOGUES.ar) },
  en: { translation: mergeCatalogues(...CATALOGUES.en) },
};

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
