import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploaded files live under DATA_DIR/uploads/<area>, outside anything served
 * statically, under random names; they leave the server only through an
 * authorized route (DESIGN §4). The type is decided by the content (magic
 * bytes) and must agree with the file name's extension.
 */

export type ImageKind = 'png' | 'jpeg';

const EXTENSION_KIND: Record<string, ImageKind> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg' };
export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** What the bytes are, whatever the name or the declared content type claims. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpeg';
  return undefined;
}

/** The image kind when the extension is allowed and the content matches it; otherwise undefined. */
export function checkImage(filename: string, bytes: Buffer): ImageKind | undefined {
  const extension = path.extname(filename).slice(1).toLowerCase();
  const claimed = EXTENSION_KIND[extension];
  const actual = sniffImage(bytes);
  return claimed && actual === claimed ? actual : undefined;
}

/** Stored names are ours alone: 32 hex characters and a known extension. Anything else is never opened. */
const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg)$/;

export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

export function storedKind(name: string): ImageKind {
  return name.endsWith('.png') ? 'png' : 'jpeg';
}

export type UploadStore = {
  /** Writes the bytes under a new random name and returns the name. */
  save(bytes: Buffer, kind: ImageKind): Promise<string>;
  read(name: string): Promise<Buffer | undefined>;
  remove(name: string): Promise<void>;
};

export function uploadStore(dataDir: string, area: string): UploadStore {
  const folder = path.join(dataDir, 'uploads', area);
  const fileOf = (name: string) => {
    if (!isStoredName(name)) throw new Error('refusing a file name the store did not make');
    return path.join(folder, name);
  };
  return {
    async save(bytes, kind) {
      await mkdir(folder, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${kind === 'png' ? 'png' : 'jpg'}`;
      await writeFile(fileOf(name), bytes, { flag: 'wx', mode: 0o640 });
      return name;
    },
    async read(name) {
      if (!isStoredName(name)) return undefined;
      return readFile(fileOf(name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
    },
    async remove(name) {
      if (!isStoredName(name)) return;
      await rm(fileOf(name), { force: true });
    },
  };
}
