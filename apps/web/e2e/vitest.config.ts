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
    // Two cores: one browser and one server at a time keeps runs steady.
    fileParallelism: false,
  },
});
