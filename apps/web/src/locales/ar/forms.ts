import sharedAccounts from '../../../../../packages/shared/src/locales/ar/accounts.json';
import sharedContacts from '../../../../../packages/shared/src/locales/ar/contacts.json';
import type { Catalogue } from '../../lib/catalogue';
import accounts from './accounts.json';
import contact from './contact.json';

/**
 * The Arabic texts of the other light guest pages' forms (registration, password reset, activation,
 * contact) and their shared messages: loaded by the app before its first render (app/mount.tsx),
 * not by the login page.
 */
const files: Record<string, Catalogue> = {
  'shared/accounts.json': sharedAccounts,
  'shared/contacts.json': sharedContacts,
  'accounts.json': accounts,
  'contact.json': contact,
};

export default files;
