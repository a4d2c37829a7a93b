import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Env } from '../config/env.js';
import { type FileStorage, mimeOfKey, normalizeKey, StorageRejection, sniffUpload } from './storage.js';

/**
 * The S3-compatible implementation of lib/storage.ts (DESIGN §6, docs/decisions/0014 and 0022):
 * the same three calls, the same checks (sniffUpload: type by content, size counted while it
 * streams, random keys of one shape), against a bucket instead of DATA_DIR/uploads. A file is
 * streamed up with @aws-sdk/lib-storage (one PUT when small, a multipart upload in 5 MiB parts
 * otherwise), so memory stays at a part or two whatever the file's size; a file refused
 * half-way (too large) aborts its multipart upload, so nothing is left in the bucket.
 */

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle?: boolean | undefined;
  accessKeyId: string;
  secretAccessKey: string;
};

/** The S3 settings the environment gives, or undefined when files stay on the local disk. */
export function s3SettingsOf(env: Env): S3Settings | undefined {
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    // A store that is not AWS is addressed by path (http://host:9000/bucket/key) unless told otherwise.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle ?? false,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: the default (CRC32 on every call) is refused by
    // several S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}

/** The part size of multipart uploads: S3's smallest, so at most a few MiB per upload in memory. */
const PART_BYTES = 5 * 1024 * 1024;

export function s3Storage(
  settings: S3Settings,
  client: S3Client = s3Client(settings),
): FileStorage & { client: S3Client } {
  const Bucket = settings.bucket;
  return {
    client,

    async put(source, options) {
      const upload = await sniffUpload(source, options);
      // The reason a file was refused, kept apart from the SDK's own wrapping of a failed body.
      let refused: StorageRejection | undefined;
      async function* body() {
        try {
          yield* upload.body();
        } catch (error) {
          if (error instanceof StorageRejection) refused = error;
          throw error;
        }
      }
      const transfer = new Upload({
        client,
        params: { Bucket, Key: upload.key, Body: Readable.from(body()), ContentType: upload.mime },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await transfer.done();
      } catch (error) {
        // A refused file may have been sent whole in one PUT before the refusal surfaced: remove it.
        await client.send(new DeleteObjectCommand({ Bucket, Key: upload.key })).catch(() => undefined);
        throw refused ?? error;
      }
      if (refused) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: upload.key })).catch(() => undefined);
        throw refused;
      }
      return { key: upload.key, size: upload.size(), mime: upload.mime, kind: upload.kind };
    },

    async get(raw) {
      const key = normalizeKey(raw);
      if (!key) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) {
          throw new Error(`S3 GetObject ${key}: the body is not a Node stream`);
        }
        return { stream: object.Body, size: Number(object.ContentLength ?? 0), mime: mimeOfKey(key) };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(raw) {
      const key = normalizeKey(raw);
      if (!key) return;
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}
