import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** Builds the SPA once for the whole run, exactly as `npm start` serves it. */
export default async function setup() {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  await build({ root, logLevel: 'warn', configFile: `${root}/vite.config.ts` });
}
