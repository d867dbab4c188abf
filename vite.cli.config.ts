// `npm run build:cli`: src/cli (and the core it imports) as plain ESM JavaScript in dist-cli/, so
// `timescope` starts without compiling TypeScript. npm runs it as `prepare` on install.
//
// Everything is bundled, sucrase too: Node then reads a few files instead of resolving sucrase's
// ~60 CommonJS modules, which measured ~40 ms faster per replay. The dynamic imports in main.ts
// stay separate chunks, so --help and usage errors never load the engine or sucrase (~430 KB).
// Not minified: names and readable stacks matter more here than bytes.
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true },
  build: {
    ssr: 'src/cli/main.ts',
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    // The sandbox worker the CLI runs every replay in is built by vite.sandbox.config.ts.
    rolldownOptions: { output: { format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name].mjs' } }
  }
});
