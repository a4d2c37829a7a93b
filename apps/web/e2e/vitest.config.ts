import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Browser tests: the real API (from its TypeScript source) serving the built SPA, driven in Debian's Chromium.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/helpers/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // expect.poll waits for what a person waits for (a title once the page's texts arrive, a count
    // once the answer is in): its default second is shorter than a chunk takes on a busy machine.
    expect: { poll: { timeout: 30_000 } },
    // Two files at a time, each with its own browser, portal and database: one file alone left a
    // quarter of both cores idle while the page waited on the server and the server on the page
    // (634 s → 464 s, docs/decisions/0038). The API's modules load once per worker, not once per
    // file; the API suite's setup file puts back the one module state a file may change (the clock).
    maxWorkers: 2,
    isolate: false,
    setupFiles: ['../api/test/helpers/setup-file.ts'],
  },
});
