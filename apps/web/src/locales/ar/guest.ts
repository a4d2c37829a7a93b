import sharedAccounts from '../../../../../packages/shared/src/locales/ar/accounts.json';
import sharedCommon from '../../../../../packages/shared/src/locales/ar/common.json';
import sharedContacts from '../../../../../packages/shared/src/locales/ar/contacts.json';
import type { Catalogue } from '../../lib/catalogue';
import accounts from './accounts.json';
import auth from './auth.json';
import common from './common.json';
import contact from './contact.json';

/**
 * The Arabic texts of the light guest pages (login, registration, password
 * reset, activation, error pages), with the shared validation and error
 * messages their forms need: the only texts the first screen downloads
 * (lib/i18n.ts). Everything else is in ./app.ts.
 */
const files: Record<string, Catalogue> = {
  'shared/common.json': sharedCommon,
  'shared/accounts.json': sharedAccounts,
  'shared/contacts.json': sharedContacts,
  'common.json': common,
  'auth.json': auth,
  'accounts.json': accounts,
  'contact.json': contact,
};

export default files;
