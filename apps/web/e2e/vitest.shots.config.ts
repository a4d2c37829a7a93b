import { defineConfig } from 'vitest/config';
import e2e from './vitest.config';

// Screenshots of every screen for review by a person (`npm run shots -w @portal/web`): not a test
// suite. The browser tests' setup with its own file list (mergeConfig would add to theirs).
export default defineConfig({
  ...e2e,
  test: { ...e2e.test, include: ['e2e/**/*.shots.ts'], testTimeout: 900_000 },
});
