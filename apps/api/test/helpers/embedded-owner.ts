/**
 * A stand-in for an API process in src/db/embedded-server.test.ts: starts the embedded server on
 * the folder given as its argument, prints `ready <server pid>` and waits (the test kills it with
 * SIGKILL to leave a stray, or keeps it to hold the folder).
 */
import { startEmbeddedServer } from '../../src/db/embedded-server.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: embedded-owner.ts <DATA_DIR>');
const server = await startEmbeddedServer({ dir, throwaway: true });
process.stdout.write(`ready ${server.pid}\n`);
process.once('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
setInterval(() => undefined, 60_000);
