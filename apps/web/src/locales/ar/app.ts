import type { Catalogue } from '../../lib/catalogue';

/**
 * The Arabic texts of the signed-in screens: every catalogue file of the web
 * app and of packages/shared that ./guest.ts does not load, picked up by name
 * (a new file lands here). Downloaded with antd, by the screens that use it.
 */
const files: Record<string, Catalogue> = {
  ...import.meta.glob<Catalogue>(
    [
      '../../../../../packages/shared/src/locales/ar/*.json',
      '!../../../../../packages/shared/src/locales/ar/common.json',
      '!../../../../../packages/shared/src/locales/ar/accounts.json',
      '!../../../../../packages/shared/src/locales/ar/contacts.json',
    ],
    { eager: true, import: 'default' },
  ),
  ...import.meta.glob<Catalogue>(
    ['./*.json', '!./common.json', '!./auth.json', '!./accounts.json', '!./contact.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
};

export default files;
