// `npm run build:cli`, second half: the CLI's sandbox worker (src/sandbox/node/worker.ts) as one
// CommonJS file, dist-cli/sandbox-worker.cjs, with ses, the engine and sucrase inside. The worker
// starts through dist-cli/sandbox-boot.cjs (src/sandbox/node/boot.ts), which compiles it with a
// V8 code cache: ~770 KB of JavaScript then loads in a few milliseconds instead of ~40.
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true },
  build: {
    ssr: true,
    outDir: 'dist-cli',
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      input: { 'sandbox-worker': 'src/sandbox/node/worker.ts', 'sandbox-boot': 'src/sandbox/node/boot.ts' },
      output: { format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: '[name].cjs' }
    }
  }
});
