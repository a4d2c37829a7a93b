import yauzl from 'yauzl';

/** Every entry of a zip: directories (names ending in `/`) as null, files as their bytes. */
export async function readZip(bytes: Buffer): Promise<Map<string, Buffer | null>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  const entries = new Map<string, Buffer | null>();
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith('/')) {
      entries.set(entry.fileName, null);
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(Buffer.from(chunk));
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}
