import { randomBytes } from 'node:crypto';

export type FilePart = { field: string; filename: string; contentType: string; bytes: Buffer };

/** A multipart/form-data body for app.inject: the payload and its content-type header. */
export function multipartBody(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----matrix${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of a JPEG (SOI + APP0 JFIF marker) followed by filler: enough for a content check. */
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);

export function photoUpload(bytes: Buffer = PNG_BYTES, filename = 'photo.png', contentType = 'image/png') {
  return multipartBody([{ field: 'image', filename, contentType, bytes }]);
}
