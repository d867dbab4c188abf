import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/** core/ tests that replace a module or a global for their file: they keep a module registry of their own. */
const REPLACING = ['src/core/share/capsule.test.ts', 'src/core/share/encrypted.test.ts'];

export default defineConfig({
  resolve: {
    // Fixture flows import from 'pure-effect'; in tests that is our clean-room runtime.
    alias: { 'pure-effect': fileURLToPath(new URL('./src/core/effect/index.ts', import.meta.url)) }
  },
  test: {
    environment: 'node',
    // The CLI tests run the real binary, which runs dist-cli/: build it from this source first.
    globalSetup: ['test/cli/buildCli.ts'],
    testTimeout: 20000,
    // Vitest's default is one worker fewer than the cores, which on CI's two is one: the unit stage then
    // ran on one core (4m10s wall for 4m35s of CPU). The main process only reports, so use them all.
    maxWorkers: availableParallelism(),
    projects: [
      // core/ is pure logic: its files share each worker's loaded modules instead of importing the
      // engine, zod and the fixtures afresh for every file (isolate: false).
      { extends: true, test: { name: 'core', include: ['src/core/**/*.test.ts'], exclude: [...configDefaults.exclude, ...REPLACING], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'], exclude: [...configDefaults.exclude, 'src/core/**'] } },
      { extends: true, test: { name: 'core-replacing', include: REPLACING } }
    ]
  }
});
