import sharedCommon from '../../../../../packages/shared/src/locales/ar/common.json';
import type { Catalogue } from '../../lib/catalogue';
import auth from './auth.json';
import common from './common.json';

/**
 * The Arabic texts every page needs first: the login page, the error pages, the app's name and the
 * shared validation and error messages. The only texts the login page downloads (lib/i18n.ts,
 * app/login-island.tsx); the other light guest pages' forms are in ./forms.ts, everything else in
 * ./app.ts.
 */
const files: Record<string, Catalogue> = {
  'shared/common.json': sharedCommon,
  'common.json': common,
  'auth.json': auth,
};

export default files;
