import { fileURLToPath } from 'node:url';

/** Folders resolved from this file, so the server finds them whatever the working directory. */
export const API_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));
