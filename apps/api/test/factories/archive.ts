import { Readable } from 'node:stream';
import type { Database } from '../../src/db/client.js';
import { inTransaction, systemScope } from '../../src/db/transaction.js';
import type { FileStorage } from '../../src/lib/storage.js';
import { insertItem, nextSortOrder } from '../../src/modules/archive/archive.repository.js';

let sequence = 0;

/** A PDF small enough to be anything: its bytes are what a test compares after a round trip. */
export function pdfBytes(text = 'archive'): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);
}

/** A folder straight in the database (parent 0 or absent: the root). */
export async function createArchiveFolder(
  db: Database,
  input: { parentId?: number; name?: string; shortName?: string; content?: Record<string, string> } = {},
): Promise<{ id: number; shortName: string; name: string }> {
  sequence += 1;
  const parent = input.parentId ?? 0;
  const shortName = input.shortName ?? `folder-${process.pid}-${sequence}`;
  const name = input.name ?? `مجلد ${sequence}`;
  const id = await inTransaction(systemScope(db), async (tx) =>
    insertItem(tx.db, {
      parentId: parent === 0 ? null : parent,
      kind: 'folder',
      name,
      shortName,
      sortOrder: await nextSortOrder(tx.db, parent),
      content: input.content ?? {},
      createdBy: null,
    }),
  );
  return { id, shortName, name };
}

/** A file stored through `storage` (so on disk or on S3, like an upload) and its row. */
export async function createArchiveFile(
  db: Database,
  storage: FileStorage,
  input: { parentId?: number; name?: string; shortName?: string; bytes?: Buffer } = {},
): Promise<{ id: number; key: string; bytes: Buffer; name: string }> {
  sequence += 1;
  const parent = input.parentId ?? 0;
  const bytes = input.bytes ?? pdfBytes(`file ${sequence}`);
  const name = input.name ?? `ملف ${sequence}.pdf`;
  const stored = await storage.put(Readable.from([bytes]), {
    area: 'archive',
    filename: name,
    accept: ['pdf', 'png', 'jpg', 'txt', 'zip'],
    maxBytes: Number.MAX_SAFE_INTEGER,
  });
  const id = await inTransaction(systemScope(db), async (tx) =>
    insertItem(tx.db, {
      parentId: parent === 0 ? null : parent,
      kind: 'file',
      name,
      shortName: input.shortName ?? `file-${process.pid}-${sequence}`,
      sortOrder: await nextSortOrder(tx.db, parent),
      storageKey: stored.key,
      size: stored.size,
      mime: stored.mime,
      createdBy: null,
    }),
  );
  return { id, key: stored.key, bytes, name };
}
