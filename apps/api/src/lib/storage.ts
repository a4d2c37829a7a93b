import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';

/**
 * File storage (DESIGN §6, docs/decisions/0014-storage.md): one interface, the
 * local disk under DATA_DIR/uploads by default; an S3-compatible store
 * (storage-s3.ts, chosen in app.ts when S3_BUCKET is set) is a second
 * implementation of the same three calls. Files get random names, their type is
 * decided by their content (file-type, a maintained library) and must agree with
 * the name's extension, and they leave the server only through an authorized route.
 */

/** A type a caller accepts: the canonical extension file-type reports, and the extensions a name may carry. */
export type FileKind = { ext: string; mime: string; names: readonly string[] };

export const FILE_KINDS = {
  png: { ext: 'png', mime: 'image/png', names: ['png'] },
  jpg: { ext: 'jpg', mime: 'image/jpeg', names: ['jpg', 'jpeg'] },
  pdf: { ext: 'pdf', mime: 'application/pdf', names: ['pdf'] },
  zip: { ext: 'zip', mime: 'application/zip', names: ['zip'] },
  rar: { ext: 'rar', mime: 'application/vnd.rar', names: ['rar'] },
  docx: {
    ext: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    names: ['docx'],
  },
  doc: { ext: 'cfb', mime: 'application/msword', names: ['doc'] },
  mp4: { ext: 'mp4', mime: 'video/mp4', names: ['mp4'] },
  mkv: { ext: 'mkv', mime: 'video/x-matroska', names: ['mkv'] },
  avi: { ext: 'avi', mime: 'video/vnd.avi', names: ['avi'] },
  wmv: { ext: 'asf', mime: 'video/x-ms-asf', names: ['wmv'] },
  // Plain text has no signature: accepted when the name says txt and the bytes are UTF-8 without NULs.
  txt: { ext: 'txt', mime: 'text/plain; charset=utf-8', names: ['txt'] },
} as const satisfies Record<string, FileKind>;

export type FileKindName = keyof typeof FILE_KINDS;

export type StoredFile = { key: string; size: number; mime: string; kind: FileKindName };

export type StoredObject = { stream: Readable; size: number; mime: string };

export type PutOptions = {
  /** Folder of the key (users, requests, archive …). */
  area: string;
  /** The client's file name: its extension must agree with the content. */
  filename: string;
  accept: readonly FileKindName[];
  maxBytes: number;
};

/** Why a file was refused; the route turns it into a translated 413/422. */
export class StorageRejection extends Error {
  constructor(readonly reason: 'type' | 'too_large' | 'empty') {
    super(`file refused: ${reason}`);
    this.name = 'StorageRejection';
  }
}

export type FileStorage = {
  /** Streams the file in under a new random key; refuses a type or size the caller does not accept. */
  put(source: AsyncIterable<Buffer> | Readable, options: PutOptions): Promise<StoredFile>;
  /** The file's bytes as a stream, or undefined when no such key exists. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the file; a missing key is not an error. */
  delete(key: string): Promise<void>;
};

/** Bytes file-type needs to recognise every format it knows. */
const SNIFF_BYTES = 4100;
const KEY = /^[a-z][a-z0-9-]{0,39}\/[0-9a-f]{32}\.[a-z0-9]{2,5}$/;
/** Profile photos stored before keys carried their folder. */
const LEGACY_PHOTO = /^[0-9a-f]{32}\.(png|jpg)$/;

/** The key a stored name refers to (legacy photo names live in users/). */
export function normalizeKey(key: string): string | undefined {
  if (LEGACY_PHOTO.test(key)) return `users/${key}`;
  return KEY.test(key) ? key : undefined;
}

/** The kind a stored key names by its extension (keys end in the kind's first name). */
export function kindOfKey(key: string): FileKindName | undefined {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return (Object.keys(FILE_KINDS) as FileKindName[]).find(
    (name) => FILE_KINDS[name].names[0] === ext || FILE_KINDS[name].ext === ext,
  );
}

export function mimeOfKey(key: string): string {
  const kind = kindOfKey(key);
  return kind ? FILE_KINDS[kind].mime : 'application/octet-stream';
}

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // stream: a character cut at the head's end (any of the last 1–3 bytes) is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Which accepted kind the head bytes and the name agree on, if any. */
export async function detectKind(
  head: Buffer,
  filename: string,
  accept: readonly FileKindName[],
): Promise<FileKindName | undefined> {
  const extension = path.extname(filename).slice(1).toLowerCase();
  const claimed = accept.find((name) => (FILE_KINDS[name].names as readonly string[]).includes(extension));
  if (!claimed) return undefined;
  const detected = await fileTypeFromBuffer(head);
  if (claimed === 'txt') return detected === undefined && looksLikeText(head) ? 'txt' : undefined;
  return detected?.ext === FILE_KINDS[claimed].ext ? claimed : undefined;
}

/**
 * What every implementation does before writing a byte: read the head, refuse an empty file, a
 * type the caller does not accept or a head already past `maxBytes`, and choose the random key.
 * `body()` then yields the whole file (the head again, then the rest), counting its size and
 * throwing StorageRejection('too_large') the moment it passes `maxBytes`.
 */
export type SniffedUpload = {
  key: string;
  kind: FileKindName;
  mime: string;
  body(): AsyncGenerator<Buffer>;
  /** The bytes body() has yielded so far (the file's size once it is done). */
  size(): number;
};

export async function sniffUpload(
  source: AsyncIterable<Buffer> | Readable,
  options: PutOptions,
): Promise<SniffedUpload> {
  const iterator = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  // Collect the head, decide the type, then hand back the head and the rest.
  const chunks: Buffer[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.from(next.value);
    chunks.push(chunk);
    headLength += chunk.length;
  }
  const head = Buffer.concat(chunks);
  if (head.length === 0) throw new StorageRejection('empty');
  if (head.length > options.maxBytes) throw new StorageRejection('too_large');
  const kind = await detectKind(head, options.filename, options.accept);
  if (!kind) throw new StorageRejection('type');

  const ext = FILE_KINDS[kind].names[0];
  const key = `${options.area}/${randomBytes(16).toString('hex')}.${ext}`;
  let size = 0;
  const maxBytes = options.maxBytes;
  async function* body() {
    for (const chunk of chunks) yield chunk;
    size = head.length;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const chunk = Buffer.from(next.value);
      size += chunk.length;
      if (size > maxBytes) throw new StorageRejection('too_large');
      yield chunk;
    }
  }
  return { key, kind, mime: FILE_KINDS[kind].mime, body, size: () => size };
}

/** The local-disk implementation: DATA_DIR/uploads/<area>/<random>.<ext>, written whole or not at all. */
export function localStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (key: string) => path.join(root, ...key.split('/'));

  return {
    async put(source, options) {
      const upload = await sniffUpload(source, options);
      const target = fileOf(upload.key);
      const partial = `${target}.partial`;
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(upload.body, createWriteStream(partial, { flags: 'wx', mode: 0o640 }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key: upload.key, size: upload.size(), mime: upload.mime, kind: upload.kind };
    },

    async get(raw) {
      const key = normalizeKey(raw);
      if (!key) return undefined;
      const file = fileOf(key);
      const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (!info?.isFile()) return undefined;
      return { stream: createReadStream(file), size: info.size, mime: mimeOfKey(key) };
    },

    async delete(raw) {
      const key = normalizeKey(raw);
      if (key) await rm(fileOf(key), { force: true });
    },
  };
}
