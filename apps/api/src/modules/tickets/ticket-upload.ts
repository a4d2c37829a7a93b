import { TICKET_FILE_MAX_BYTES } from '@portal/shared/schemas/tickets';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, type FieldError } from '../../lib/app-error.js';
import { cleanTitle } from '../../lib/file-title.js';
import { type FileKindName, type FileStorage, StorageRejection, type StoredFile } from '../../lib/storage.js';

/**
 * A ticket message's body (SPEC §5 upload rules; docs/decisions/0022-staff-tools.md): multipart text
 * fields and at most one `file` (pdf, png, jpg/jpeg, ≤ 512 KB, type decided by its content and its
 * name together, lib/storage.ts), or plain JSON when there is no file. The file is streamed into
 * storage first; the caller owns it from then on and deletes it if anything after fails.
 */

const ACCEPT: readonly FileKindName[] = ['pdf', 'png', 'jpg'];
const TEXT_FIELDS_MAX = 5;
/** A message of 5000 characters is at most 20,000 bytes in UTF-8; a little room above that. */
const FIELD_BYTES_MAX = 24 * 1024;

export type TicketAttachment = StoredFile & { name: string };

export type TicketForm<T> = { input: T; file: TicketAttachment | null };

/** A refused body: every field error at once (the text's and the file's), nothing kept. */
function invalid(errors: FieldError[]): AppError {
  return AppError.validation(errors);
}

function parse<T>(schema: z.ZodType<T>, fields: unknown): { data?: T; errors: FieldError[] } {
  const parsed = schema.safeParse(fields ?? {});
  if (parsed.success) return { data: parsed.data, errors: [] };
  return {
    errors: parsed.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.') || undefined,
      key: issue.message,
    })),
  };
}

function multipartFailure(error: unknown, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return invalid([{ field: 'file', key: 'tickets.validation.file_type_size' }]);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'errors.payload_too_large');
  }
  request.log.info({ err: error }, 'unreadable multipart body');
  return new AppError(400, 'errors.bad_request');
}

/**
 * Reads the body and checks it with `schema` (the form's own). A wrong or oversized file, or text
 * the schema refuses, is a 422 listing every problem, with nothing left in storage.
 */
export async function readTicketForm<T>(
  request: FastifyRequest,
  storage: FileStorage,
  schema: z.ZodType<T>,
): Promise<TicketForm<T>> {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) {
    const { data, errors } = parse(schema, request.body);
    if (errors.length > 0 || data === undefined) throw invalid(errors);
    return { input: data, file: null };
  }
  const fields: Record<string, string> = {};
  let file: TicketAttachment | null = null;
  let refused = false;
  try {
    const parts = request.parts({
      limits: {
        files: 1,
        fileSize: TICKET_FILE_MAX_BYTES + 1,
        fields: TEXT_FIELDS_MAX,
        fieldSize: FIELD_BYTES_MAX,
        parts: TEXT_FIELDS_MAX + 1,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || file !== null) {
        // A file in a field the form does not have: read and dropped.
        for await (const _ of part.file) {
          // drained
        }
        continue;
      }
      try {
        const stored = await storage.put(part.file, {
          area: 'tickets',
          filename: part.filename,
          accept: ACCEPT,
          maxBytes: TICKET_FILE_MAX_BYTES,
        });
        file = { ...stored, name: cleanTitle(part.filename) };
      } catch (error) {
        if (!(error instanceof StorageRejection)) throw error;
        // An empty file part is a picker left empty; anything else is refused.
        if (error.reason !== 'empty') refused = true;
        for await (const _ of part.file) {
          // the rest of a refused file is read and dropped
        }
      }
    }
  } catch (error) {
    if (file) await storage.delete(file.key);
    throw multipartFailure(error, request);
  }
  const { data, errors } = parse(schema, fields);
  if (refused) errors.push({ field: 'file', key: 'tickets.validation.file_type_size' });
  if (errors.length > 0 || data === undefined) {
    if (file) await storage.delete(file.key);
    throw invalid(errors);
  }
  return { input: data, file };
}
