import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    testTimeout: 20_000,
    // vitest leaves one core to itself by default (os.availableParallelism() - 1): on the two-core
    // machines that is one worker, and the main process sits idle. Two workers: 400 s → 266 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // jsdom, React, antd and the texts load once per worker, not once per file: 266 s → 97 s.
    // Each file renders its own tree and query client; src/test/setup.ts puts back what a file
    // may change in shared modules (language, toasts, clock, storage). docs/decisions/0025.
    isolate: false,
  },
});
