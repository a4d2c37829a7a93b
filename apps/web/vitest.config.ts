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
  },
});
