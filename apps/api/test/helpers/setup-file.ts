import { afterAll } from 'vitest';
import { setClock } from '../../src/lib/clock.js';

// Files share their worker's modules (vitest.config.ts: isolate false): a file that fixed the
// clock must not leave it fixed for the next file in that worker.
afterAll(() => setClock());
