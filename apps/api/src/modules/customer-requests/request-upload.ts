import {
  customerRequestFormSchema,
  EXTRA_FILE_MAX_BYTES,
  type ExtraFileField,
  MAIN_DOCUMENT_MAX_BYTES,
  MAIN_DOCUMENTS,
  type MainDocument,
} from '@portal/shared/schemas/customer-requests';
import type { TRequestSaveProblem } from '@portal/shared/schemas/customer-requests-api';
import type { FastifyRequest } from 'fastify';
import type { FieldError } from '../../lib/app-error.js';
import { AppError } from '../../lib/app-error.js';
import { cleanTitle } from '../../lib/file-title.js';
import { type FileKindName, type FileStorage, StorageRejection, type StoredFile } from '../../lib/storage.js';
import { type MultipartBody, mediaTypesOf } from '../../plugins/docs.js';

/**
 * Reading the request form's multipart body (SPEC §3 payload, §5 upload rules): text fields
 * become the body the shared schema parses; each file is streamed into storage under a random
 * key, its type decided by its content and its name together. The caller owns what was stored:
 * on any failure after this, it deletes `stored` (nothing half-kept).
 */

/** At most this many files in one save (the 6 main documents, 2 extra ones, 12 additional files). */
export const REQUEST_FILES_MAX = 20;
const ADDITIONAL = /^additionalFile(\[\d{1,2}\])?$/;

const ACCEPT: Record<MainDocument | ExtraFileField, readonly FileKindName[]> = {
  identity_copy: ['pdf', 'png', 'jpg'],
  commercial_registration_copy: ['pdf', 'png', 'jpg'],
  tax_registration_copy: ['pdf', 'png', 'jpg'],
  authorization_copy: ['pdf', 'png', 'jpg'],
  signature_approval_copy: ['pdf', 'png', 'jpg'],
  official_authorization_copy: ['pdf', 'png', 'jpg'],
  signedContract: ['pdf'],
  investment: ['pdf'],
  additionalFile: ['pdf', 'png', 'jpg'],
};

/** The form's body as the OpenAPI document describes it (routes' schema.multipartBody): what readRequestForm reads. */
export const REQUEST_FORM_BODY: MultipartBody = {
  fields: customerRequestFormSchema(),
  files: {
    ...Object.fromEntries(MAIN_DOCUMENTS.map((field) => [field, { types: mediaTypesOf(ACCEPT[field]) }])),
    signedContract: { types: mediaTypesOf(ACCEPT.signedContract) },
    investment: { types: mediaTypesOf(ACCEPT.investment) },
    additionalFile: {
      types: mediaTypesOf(ACCEPT.additionalFile),
      max: REQUEST_FILES_MAX - MAIN_DOCUMENTS.length - 2,
      description: 'Repeated parts (also accepted as additionalFile[n])',
    },
  },
};

/** The body of POST /customers_requests/archive/update/{id}: what readReplacement reads. */
export const REPLACEMENT_BODY: MultipartBody = {
  files: {
    file: {
      types: mediaTypesOf(['pdf', 'png', 'jpg']),
      required: true,
      description: 'A type the replaced document allows (signedContract and investment: pdf only)',
    },
  },
};

export type UploadedDocument = StoredFile & { contentType: MainDocument | ExtraFileField; title: string };

export type ReadForm = {
  fields: Record<string, string>;
  stored: UploadedDocument[];
  /** Extra files not kept (too large or of the wrong type): the save goes on and lists them. */
  discarded: TRequestSaveProblem[];
  /** Main documents refused: the save is refused with these. */
  refused: FieldError[];
};

/** The kind of document a multipart field carries, or undefined for a field the form has no file for. */
export function documentOfField(field: string): MainDocument | ExtraFileField | undefined {
  if ((MAIN_DOCUMENTS as readonly string[]).includes(field)) return field as MainDocument;
  if (field === 'signedContract' || field === 'investment') return field;
  return ADDITIONAL.test(field) ? 'additionalFile' : undefined;
}

/** Stores one file part as `contentType`, or says why not. The part's stream is always read to its end. */
export async function storeDocument(
  storage: FileStorage,
  part: { file: AsyncIterable<Buffer> & { resume?: () => unknown }; filename: string },
  contentType: MainDocument | ExtraFileField,
): Promise<UploadedDocument | StorageRejection> {
  const extra = contentType === 'signedContract' || contentType === 'investment' || contentType === 'additionalFile';
  try {
    const file = await storage.put(part.file, {
      area: 'requests',
      filename: part.filename,
      accept: ACCEPT[contentType],
      maxBytes: extra ? EXTRA_FILE_MAX_BYTES : MAIN_DOCUMENT_MAX_BYTES,
    });
    return { ...file, contentType, title: cleanTitle(part.filename) };
  } catch (error) {
    if (!(error instanceof StorageRejection)) throw error;
    // The rest of a refused file is read and dropped, so the next part of the body can be read.
    for await (const _ of part.file) {
      // drained
    }
    return error;
  }
}

function uploadFailure(error: unknown, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return new AppError(413, 'requests.errors.too_many_files', { max: REQUEST_FILES_MAX });
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'errors.payload_too_large');
  }
  request.log.info({ err: error }, 'unreadable multipart body');
  return new AppError(400, 'errors.bad_request');
}

/** Deletes what a failed save had stored; a missing key is fine. */
export async function discardStored(storage: FileStorage, stored: readonly { key: string }[]): Promise<void> {
  await Promise.all(stored.map((file) => storage.delete(file.key)));
}

/**
 * Reads the whole form. A file in a field the form does not have is read and dropped. Over
 * REQUEST_FILES_MAX files, or a body that does not parse, refuses the save after deleting
 * whatever it had stored.
 */
export async function readRequestForm(request: FastifyRequest, storage: FileStorage): Promise<ReadForm> {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) {
    throw new AppError(415, 'errors.unsupported_media_type');
  }
  const form: ReadForm = { fields: {}, stored: [], discarded: [], refused: [] };
  try {
    const parts = request.parts({
      limits: {
        files: REQUEST_FILES_MAX,
        fileSize: MAIN_DOCUMENT_MAX_BYTES + 1,
        fields: 40,
        fieldSize: 8 * 1024,
        parts: REQUEST_FILES_MAX + 40,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const contentType = documentOfField(part.fieldname);
      const isMain = contentType !== undefined && (MAIN_DOCUMENTS as readonly string[]).includes(contentType);
      if (!contentType || (isMain && form.stored.some((f) => f.contentType === contentType))) {
        // A field the form has no file for, or a second file for a one-file document: dropped.
        for await (const _ of part.file) {
          // drained
        }
        continue;
      }
      const result = await storeDocument(storage, part, contentType);
      if (!(result instanceof StorageRejection)) {
        form.stored.push(result);
      } else if (isMain) {
        const key =
          result.reason === 'too_large'
            ? 'requests.validation.document_too_large'
            : 'requests.validation.file_type_size';
        form.refused.push({ field: contentType, key });
      } else if (result.reason !== 'empty') {
        form.discarded.push({
          field: part.fieldname,
          file_name: cleanTitle(part.filename),
          message: 'requests.validation.file_type_size',
        });
      }
    }
  } catch (error) {
    await discardStored(storage, form.stored);
    throw uploadFailure(error, request);
  }
  return form;
}

/** The one file of POST /customers_requests/archive/update/{id}, stored as `contentType`. */
export async function readReplacement(
  request: FastifyRequest,
  storage: FileStorage,
  contentType: MainDocument | ExtraFileField,
): Promise<UploadedDocument> {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) {
    throw new AppError(415, 'errors.unsupported_media_type');
  }
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { files: 1, fileSize: MAIN_DOCUMENT_MAX_BYTES + 1, fields: 5, parts: 6 } });
  } catch (error) {
    throw uploadFailure(error, request);
  }
  if (part?.fieldname !== 'file') {
    throw new AppError(422, 'requests.error', {}, [{ field: 'file', key: 'requests.validation.document_required' }]);
  }
  const result = await storeDocument(storage, part, contentType);
  if (result instanceof StorageRejection) {
    const key =
      result.reason === 'too_large' ? 'requests.validation.document_too_large' : 'requests.validation.file_type_size';
    throw new AppError(422, 'requests.error', {}, [{ field: 'file', key }]);
  }
  return result;
}
