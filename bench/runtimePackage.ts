// node_modules/pure-effect in a scratch folder: src/core/effect bundled to one plain-JS ESM file, as
// npm ships a library, so a reference script imports 'pure-effect' with no loader touching it.
// The library's own code is not available here; this is its stand-in (bench/cli.ts, bench/replayAll.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

export async function packRuntime(tmp: string): Promise<void> {
  const outDir = path.join(tmp, 'node_modules/pure-effect');
  await build({
    configFile: false,
    publicDir: false,
    logLevel: 'silent',
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'node20',
      lib: { entry: path.join(root, 'src/core/effect/index.ts'), formats: ['es'], fileName: () => 'index.js' }
    }
  });
  writeFileSync(path.join(outDir, 'package.json'), JSON.stringify({ name: 'pure-effect', type: 'module', exports: './index.js' }));
  // The flows are ES modules (sync-poll-recursive's is a .js file), as in a project with type module.
  writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ name: 'timescope-bench', private: true, type: 'module' }));
}
