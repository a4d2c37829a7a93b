import { z } from 'zod';
import { toLatinDigits } from '../text.js';
import {
  ARCHIVE_BATCH_MAX,
  ARCHIVE_CONTENT_MAX_LENGTH,
  ARCHIVE_KINDS,
  ARCHIVE_LANGUAGES,
  ARCHIVE_NAME_MAX_LENGTH,
  ARCHIVE_ORDER_TYPES,
  ARCHIVE_ROOT,
  ARCHIVE_SHORT_NAME_MAX_LENGTH,
  ARCHIVE_SHORT_NAME_PATTERN,
  isVisibleName,
  sanitizeDisplayName,
} from './archive-rules.js';
import { CONTROL_CHARACTERS, nameText, wholeNumber } from './fields.js';

export * from './archive-rules.js';

/**
 * The archive manager (SPEC §3 "Archive item", §5 upload rules, §7 archive calls;
 * docs/decisions/0022-staff-tools.md "Archive manager and storage"): folders and files in a
 * tree, each with a display name (any language, sanitised) and a short name (a strict pattern,
 * unique among its siblings whatever the case). Folder 0 is the archive's root.
 */

export const shortNameField = z
  .string({
    error: (iss) => (iss.input === undefined ? 'archive.validation.short_name_required' : 'validation.invalid_type'),
  })
  .overwrite((s) => toLatinDigits(s).trim().toLowerCase())
  .min(1, { error: 'archive.validation.short_name_required', abort: true })
  .max(ARCHIVE_SHORT_NAME_MAX_LENGTH, { error: 'archive.validation.short_name_too_long', abort: true })
  .regex(ARCHIVE_SHORT_NAME_PATTERN, { error: 'archive.validation.short_name_pattern' });

/** A folder's display name as typed: the name rules, then sanitised; refused when nothing visible is left. */
export const displayNameField = nameText('archive.validation.name_required', ARCHIVE_NAME_MAX_LENGTH)
  .transform((s) => sanitizeDisplayName(s))
  .refine((s) => isVisibleName(s), { error: 'validation.name_visible' });

/** A folder id in a path: 0 is the root. */
export const folderIdField = wholeNumber('validation.invalid_id', { min: 0, max: 2_147_483_647 });
const itemIdField = wholeNumber('validation.invalid_id', { min: 1, max: 2_147_483_647 });

export const ZArchiveFolderParams = z.object({ id: folderIdField });
export const ZArchiveItemParams = z.object({ id: itemIdField });

/** POST /archive/order/{a}/{type}/{b}: put item a just before or just after its sibling b. */
export const ZArchiveOrderParams = z.object({
  a: itemIdField,
  type: z.enum(ARCHIVE_ORDER_TYPES, { error: 'archive.validation.order_type' }),
  b: itemIdField,
});

/** GET /archive/parents/{id}/{locale}/{root}: the trail from `root` (0: the archive) down to `id`. */
export const ZArchiveParentsParams = z.object({
  id: folderIdField,
  locale: z.enum(ARCHIVE_LANGUAGES, { error: 'archive.validation.language' }),
  root: folderIdField,
});

/** POST /archive/check_short_name/{id}/{name}: is `name` free in folder `id`? */
export const ZArchiveCheckShortNameParams = z.object({ id: folderIdField, name: shortNameField });
/** Its optional body: the item being renamed keeps its own name. */
export const ZArchiveCheckShortNameRequest = z.object({ except_id: itemIdField.optional() });
export type TArchiveCheckShortNameRequest = z.infer<typeof ZArchiveCheckShortNameRequest>;

/** PUT /archive: a new folder. */
export const ZArchiveCreateFolderRequest = z.object({
  parent_id: folderIdField.nullish().transform((v) => v ?? ARCHIVE_ROOT),
  name: displayNameField,
  short_name: shortNameField,
});
export type TArchiveCreateFolderRequest = z.input<typeof ZArchiveCreateFolderRequest>;

/** PUT /archive/{id}: a new display name and/or short name (a file keeps its type whatever its name). */
export const ZArchiveRenameRequest = z
  .object({ name: displayNameField.optional(), short_name: shortNameField.optional() })
  .refine((v) => v.name !== undefined || v.short_name !== undefined, {
    error: 'archive.validation.name_required',
    path: ['name'],
  });
export type TArchiveRenameRequest = z.input<typeof ZArchiveRenameRequest>;

/** PUT /archive/content/{id}: a folder's text in one language (plain text, shown as typed). */
export const ZArchiveContentRequest = z.object({
  language: z.enum(ARCHIVE_LANGUAGES, { error: 'archive.validation.language' }),
  content: z
    .string({ error: 'validation.invalid_type' })
    .max(ARCHIVE_CONTENT_MAX_LENGTH, { error: 'archive.validation.content_too_long' })
    .refine((s) => !CONTROL_CHARACTERS.test(s), { error: 'validation.control_characters' })
    .transform((s) => s.replace(/\r\n?/g, '\n').trim()),
});
export type TArchiveContentRequest = z.input<typeof ZArchiveContentRequest>;

/** GET /archive/page/{id}?language=: the page in that language (the caller's by default). */
export const ZArchivePageQuery = z.object({
  language: z.enum(ARCHIVE_LANGUAGES, { error: 'archive.validation.language' }).optional(),
});

/** POST /archive/move_to/{id} and /archive/paste_to/{id}: the items to move or copy into folder `id`. */
export const ZArchiveBatchRequest = z.object({
  ids: z
    .array(itemIdField, { error: 'archive.validation.ids_required' })
    .min(1, { error: 'archive.validation.ids_required' })
    .max(ARCHIVE_BATCH_MAX, { error: 'archive.validation.too_many_items' })
    .transform((ids) => [...new Set(ids)]),
});
export type TArchiveBatchRequest = z.input<typeof ZArchiveBatchRequest>;

/** GET /archive/zip/files/{id}?token=: the signed download token POST /archive/zip/token/{id} gave. */
export const ZArchiveZipQuery = z.object({
  token: z
    .string({ error: 'archive.errors.download_token' })
    .max(200, { error: 'archive.errors.download_token' })
    .regex(/^[A-Za-z0-9._-]+$/, { error: 'archive.errors.download_token' }),
});

export const ZArchiveItem = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  kind: z.enum(ARCHIVE_KINDS),
  name: z.string(),
  short_name: z.string(),
  sort_order: z.number().int(),
  size: z.number().int().nullable(),
  mime: z.string().nullable(),
  /** The languages a folder has text in. */
  content_languages: z.array(z.enum(ARCHIVE_LANGUAGES)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TArchiveItem = z.infer<typeof ZArchiveItem>;

/** POST /archive[/{id}]: the folder (null at the root), its children in order, and the upload limits. */
export const ZArchiveListing = z.object({
  folder: ZArchiveItem.nullable(),
  items: z.array(ZArchiveItem),
  limits: z.object({
    max_file_bytes: z.number().int(),
    max_files: z.number().int(),
    types: z.array(z.string()),
  }),
});
export type TArchiveListing = z.infer<typeof ZArchiveListing>;

export const ZArchiveCrumb = z.object({ id: z.number().int(), name: z.string(), short_name: z.string().nullable() });
export type TArchiveCrumb = z.infer<typeof ZArchiveCrumb>;

export const ZArchivePage = z.object({
  item: ZArchiveItem,
  language: z.enum(ARCHIVE_LANGUAGES),
  content: z.string(),
});
export type TArchivePage = z.infer<typeof ZArchivePage>;

export const ZArchiveShortNameCheck = z.object({ name: z.string(), available: z.boolean() });
export type TArchiveShortNameCheck = z.infer<typeof ZArchiveShortNameCheck>;

export const ZArchiveUploadResult = z.object({ folder: ZArchiveItem.nullable(), items: z.array(ZArchiveItem) });
export type TArchiveUploadResult = z.infer<typeof ZArchiveUploadResult>;

export const ZArchiveBatchResult = z.object({ items: z.array(ZArchiveItem) });
export type TArchiveBatchResult = z.infer<typeof ZArchiveBatchResult>;

export const ZArchiveDownloadToken = z.object({ token: z.string(), url: z.string(), expires_at: z.string() });
export type TArchiveDownloadToken = z.infer<typeof ZArchiveDownloadToken>;
