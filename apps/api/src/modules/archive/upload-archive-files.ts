import {
  ARCHIVE_FILE_TYPES,
  ARCHIVE_ROOT,
  ARCHIVE_UPLOAD_MAX_FILES,
  isVisibleName,
  sanitizeDisplayName,
  suggestShortName,
  type TArchiveUploadResult,
} from '@portal/shared/schemas/archive';
import { CONTROL_CHARACTERS, FORMAT_CHARACTERS } from '@portal/shared/schemas/fields';
import type { FastifyRequest } from 'fastify';
import { inTransaction } from '../../db/transaction.js';
import { AppError, type FieldError } from '../../lib/app-error.js';
import { type AppContext, callerOf } from '../../lib/context.js';
import { type FileKindName, type FileStorage, StorageRejection, type StoredFile } from '../../lib/storage.js';
import { findItem, findItems, insertItem, nextSortOrder } from './archive.repository.js';
import { archiveLimits, assertFolder, freeShortName, invalid, refusedWrite } from './archive.service.js';

/**
 * POST /archive/upload/{id} (SPEC §5, §7): multipart, the files in `file` or `files[n]`, and an
 * optional `folder`: the name of a new folder made inside {id} to hold them (an uploaded
 * directory). Each file streams into storage under a random key, its type decided by its content
 * and its name together (SPEC §5 types), at most ARCHIVE_FILE_MAX_MB each. One refused file
 * refuses the whole upload (422 naming each refused file) and deletes what was stored: nothing
 * half-uploaded. The client's file name is only ever a display name, sanitised.
 */

const ACCEPT: readonly FileKindName[] = ARCHIVE_FILE_TYPES;
const FILE_FIELD = /^(file|files|files\[\]|files\[\d{1,3}\])$/;

type Stored = StoredFile & { name: string };

/** A client's file name as a display name: its last segment (either slash), sanitised; "file" when nothing is left. */
export function fileDisplayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = sanitizeDisplayName(base);
  return isVisibleName(clean) ? clean : `file${clean.includes('.') ? clean.slice(clean.lastIndexOf('.')) : ''}`;
}

function uploadFailure(error: unknown, request: FastifyRequest): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return invalid('archive.validation.too_many_files', 'files', { max: ARCHIVE_UPLOAD_MAX_FILES });
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'errors.payload_too_large');
  }
  request.log.info({ err: error }, 'unreadable multipart body');
  return new AppError(400, 'errors.bad_request');
}

async function drain(file: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of file) {
    // read and dropped
  }
}

export async function uploadArchiveFiles(
  ctx: AppContext,
  storage: FileStorage,
  request: FastifyRequest,
  folderId: number,
): Promise<TArchiveUploadResult> {
  const caller = callerOf(ctx);
  // The target first: nothing is stored for a folder that does not exist.
  await assertFolder(ctx.db, folderId);
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) {
    throw new AppError(415, 'errors.unsupported_media_type');
  }
  const maxBytes = archiveLimits(ctx.env).max_file_bytes;
  const stored: Stored[] = [];
  const refused: FieldError[] = [];
  let folderName: string | undefined;
  const discard = () => Promise.all(stored.map((file) => storage.delete(file.key)));
  try {
    const options = {
      // Storage counts each file's bytes and refuses the one past the limit (the reader stops one
      // byte later); the reader's own error would only say "too large" for the whole request.
      throwFileSizeLimit: false,
      limits: {
        files: ARCHIVE_UPLOAD_MAX_FILES,
        fileSize: maxBytes + 1,
        fields: 5,
        fieldSize: 2048,
        parts: ARCHIVE_UPLOAD_MAX_FILES + 5,
      },
    };
    const parts = request.parts(options);
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (part.fieldname === 'folder') folderName = String(part.value);
        continue;
      }
      if (!FILE_FIELD.test(part.fieldname)) {
        await drain(part.file);
        continue;
      }
      const name = fileDisplayName(part.filename ?? '');
      try {
        const file = await storage.put(part.file, { area: 'archive', filename: name, accept: ACCEPT, maxBytes });
        stored.push({ ...file, name });
      } catch (caught) {
        // Past the part's byte limit the multipart reader itself fails the stream: that is "too large" too.
        const error =
          (caught as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? new StorageRejection('too_large') : caught;
        if (!(error instanceof StorageRejection)) throw error;
        await drain(part.file).catch(() => undefined);
        const key =
          error.reason === 'too_large'
            ? 'archive.validation.file_too_large'
            : error.reason === 'empty'
              ? 'archive.validation.file_empty'
              : 'archive.validation.file_type';
        refused.push({ field: part.fieldname, key, params: { name, size: ctx.env.ARCHIVE_FILE_MAX_MB } });
      }
    }
  } catch (error) {
    await discard();
    throw uploadFailure(error, request);
  }
  try {
    if (refused.length > 0) throw new AppError(422, 'archive.errors.invalid', {}, refused);
    if (stored.length === 0) throw invalid('archive.validation.file_required', 'file');
    let folder: string | undefined;
    if (folderName !== undefined && folderName.trim() !== '') {
      if (CONTROL_CHARACTERS.test(folderName) || FORMAT_CHARACTERS.test(folderName)) {
        throw invalid('validation.control_characters', 'folder');
      }
      folder = sanitizeDisplayName(folderName);
      if (!isVisibleName(folder)) throw invalid('validation.name_visible', 'folder');
    }
    const result = await inTransaction(ctx, async (tx) => {
      await assertFolder(tx.db, folderId, true);
      let parent = folderId;
      let made: number | null = null;
      if (folder !== undefined) {
        made = await insertItem(tx.db, {
          parentId: folderId === ARCHIVE_ROOT ? null : folderId,
          kind: 'folder',
          name: folder,
          shortName: await freeShortName(tx.db, folderId, suggestShortName(folder) || 'folder'),
          sortOrder: await nextSortOrder(tx.db, folderId),
          createdBy: caller.userId,
        });
        parent = made;
      }
      let order = await nextSortOrder(tx.db, parent);
      const given = new Set<string>();
      const ids: number[] = [];
      for (const file of stored) {
        ids.push(
          await insertItem(tx.db, {
            parentId: parent === ARCHIVE_ROOT ? null : parent,
            kind: 'file',
            name: file.name,
            shortName: await freeShortName(tx.db, parent, suggestShortName(file.name) || 'file', given),
            sortOrder: order++,
            storageKey: file.key,
            size: file.size,
            mime: file.mime,
            createdBy: caller.userId,
          }),
        );
      }
      return { made, ids };
    });
    return {
      folder: result.made === null ? null : ((await findItem(ctx.db, result.made)) ?? null),
      items: await findItems(ctx.db, result.ids),
    };
  } catch (error) {
    await discard();
    throw refusedWrite(error);
  }
}
