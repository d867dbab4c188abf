import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Fixture flows import from 'pure-effect'; in tests that is our clean-room runtime.
    alias: { 'pure-effect': fileURLToPath(new URL('./src/core/effect/index.ts', import.meta.url)) }
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    environment: 'node',
    // The CLI tests run the real binary, which runs dist-cli/: build it from this source first.
    globalSetup: ['test/cli/buildCli.ts'],
    testTimeout: 20000,
    // Vitest's default is one worker fewer than the cores, which on CI's two is one: the unit stage then
    // ran on one core (4m10s wall for 4m35s of CPU). The main process only reports, so use them all.
    maxWorkers: availableParallelism()
  }
});
