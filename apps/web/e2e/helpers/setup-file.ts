import { afterAll } from 'vitest';
import { setClock } from '../../../api/src/lib/clock';

// Files share their worker's modules (vitest.config.ts: isolate false): a file that fixed the
// server's clock must not leave it fixed for the next file in that worker.
afterAll(() => setClock());
