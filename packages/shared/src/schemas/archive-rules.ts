import { toLatinDigits } from '../text.js';

/**
 * The archive manager's rules without zod (docs/decisions/0022-staff-tools.md): constants,
 * the display-name sanitiser and the short-name pattern, for the web app's first load;
 * archive.ts builds the request schemas on them. The two character classes are those of
 * fields.ts (CONTROL_CHARACTERS, FORMAT_CHARACTERS), repeated here so this file needs no zod;
 * archive.test.ts checks they stay the same.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
export const ARCHIVE_CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const ARCHIVE_FORMAT_CHARACTERS =
  /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

/** The root of the tree in paths (`/archive/upload/0`, `/archive/move_to/0`, …). */
export const ARCHIVE_ROOT = 0;
/** One archive file at most (videos are allowed, SPEC §5): 100 MiB unless ARCHIVE_FILE_MAX_MB says otherwise. */
export const ARCHIVE_FILE_MAX_BYTES = 100 * 1024 * 1024;
/** Files in one upload call (`file` or `files[n]`). */
export const ARCHIVE_UPLOAD_MAX_FILES = 20;
/** Items one move or paste call may name. */
export const ARCHIVE_BATCH_MAX = 200;
export const ARCHIVE_NAME_MAX_LENGTH = 255;
export const ARCHIVE_SHORT_NAME_MAX_LENGTH = 100;
export const ARCHIVE_CONTENT_MAX_LENGTH = 20_000;
/** The types SPEC §5 allows in the archive (storage.ts FILE_KINDS decides each by content). */
export const ARCHIVE_FILE_TYPES = [
  'pdf',
  'png',
  'jpg',
  'txt',
  'doc',
  'docx',
  'zip',
  'rar',
  'mp4',
  'mkv',
  'avi',
  'wmv',
] as const;
/** The extensions a chosen file's name may carry (jpg and jpeg are one type). */
export const ARCHIVE_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'txt',
  'doc',
  'docx',
  'zip',
  'rar',
  'mp4',
  'mkv',
  'avi',
  'wmv',
] as const;

export const ARCHIVE_KINDS = ['folder', 'file'] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];
export const ARCHIVE_LANGUAGES = ['ar', 'en'] as const;
export type ArchiveLanguage = (typeof ARCHIVE_LANGUAGES)[number];
export const ARCHIVE_ORDER_TYPES = ['before', 'after'] as const;

/**
 * A short name: lower-case Latin letters, digits, `-` and `_`, starting and ending with a letter
 * or digit, at most 100 characters. No dot, no slash, no space: never a path, whatever is sent.
 */
export const ARCHIVE_SHORT_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9_-]{0,98}[a-z0-9])?$/;

/**
 * A display name made safe to show and to use as a zip entry's name: no control or invisible
 * formatting characters, path separators turned into `-`, no leading dots or spaces, runs of
 * spaces made one, at most 255 characters (a longer file name keeps its extension). Empty when
 * nothing visible is left.
 */
export function sanitizeDisplayName(raw: string, max = ARCHIVE_NAME_MAX_LENGTH): string {
  const control = new RegExp(ARCHIVE_CONTROL_CHARACTERS.source, 'g');
  const format = new RegExp(ARCHIVE_FORMAT_CHARACTERS.source, 'g');
  const clean = raw
    .normalize('NFC')
    .replace(control, '')
    .replace(/[\t\r\n]/g, ' ')
    .replace(format, '')
    .replace(/[/\\]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .trim();
  const chars = [...clean];
  if (chars.length <= max) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 ? [...clean.slice(dot)] : [];
  if (ext.length > 0 && ext.length <= 10) return [...chars.slice(0, max - ext.length), ...ext].join('').trim();
  return chars.slice(0, max).join('').trim();
}

/** Whether a sanitised name still shows a letter or a digit. */
export function isVisibleName(name: string): boolean {
  return /[\p{L}\p{N}]/u.test(name);
}

/**
 * The short name a display name suggests (what the create dialog fills in as you type):
 * Latin letters and digits kept, everything else a `-`; empty when nothing Latin is left.
 */
export function suggestShortName(name: string): string {
  return toLatinDigits(name)
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ARCHIVE_SHORT_NAME_MAX_LENGTH)
    .replace(/-+$/g, '');
}
