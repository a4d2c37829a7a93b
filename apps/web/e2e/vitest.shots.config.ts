import { defineConfig, mergeConfig } from 'vitest/config';
import e2e from './vitest.config';

// Screenshots of every screen for review by a person (`npm run shots -w @portal/web`): not a test suite.
export default mergeConfig(e2e, defineConfig({ test: { include: ['e2e/**/*.shots.ts'], testTimeout: 900_000 } }));
