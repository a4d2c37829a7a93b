import { afterAll } from 'vitest';
import { setClock } from '../../src/lib/clock.js';

// Files share their worker's modules (isolate false, in this suite's vitest.config.ts and in the
// browser suite's, apps/web/e2e/vitest.config.ts): a file that fixed the clock must not leave it
// fixed for the next file in that worker.
afterAll(() => setClock());
