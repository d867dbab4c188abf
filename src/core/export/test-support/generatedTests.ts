// Running generated regression tests for real, as a person would: under `node --test` (with tsx for
// TypeScript flows) and under vitest, in a folder of their own where `import ... from 'pure-effect'`
// finds a package built from our clean-room runtime (src/core/effect), plain JavaScript as the real
// library ships. Test-only (Node's fs and child processes); the unit and CLI tests share it.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { REPO_ROOT } from '../../trace/test-support/files';

const require = createRequire(import.meta.url);

export interface ProcessResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function runProcess(args: readonly string[], cwd: string): Promise<ProcessResult> {
  // A vitest started from inside a vitest worker must not think it is one of its workers.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'TINYPOOL_WORKER_ID'));
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, env, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/**
 * `<dir>` as an ES module project (a flow written with import/export in a .js file needs one) whose
 * `node_modules/pure-effect` is src/core/effect bundled into one ES module.
 */
export async function installRuntime(dir: string): Promise<void> {
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  const outDir = path.join(dir, 'node_modules', 'pure-effect');
  await build({
    configFile: false,
    root: REPO_ROOT,
    publicDir: false,
    logLevel: 'warn',
    build: {
      lib: { entry: path.join(REPO_ROOT, 'src/core/effect/index.ts'), formats: ['es'], fileName: () => 'index.js' },
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'node20'
    }
  });
  writeFileSync(path.join(outDir, 'package.json'), JSON.stringify({ name: 'pure-effect', version: '0.18.0', type: 'module', exports: './index.js' }));
}

export function writeFiles(dir: string, files: Readonly<Record<string, string>>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

/** `node --import tsx --test`: tsx compiles the TypeScript flows (and tests) as they load. */
export function nodeTestArgs(files: readonly string[]): string[] {
  return ['--import', pathToFileURL(require.resolve('tsx')).href, '--test', '--test-reporter=tap', ...files];
}

/**
 * Many generated test files in one `node --test` process: `all.test.mjs` imports each inside a
 * suite of its own name, so the TAP report says which passed. Returns suite name -> passed.
 */
export async function runNodeSuites(dir: string, suites: readonly { name: string; file: string }[]): Promise<{ passed: Map<string, boolean>; output: string }> {
  const lines = ['import { describe } from "node:test";'];
  for (const s of suites) {
    const spec = `./${path.relative(dir, s.file).split(path.sep).join('/')}`;
    lines.push(`describe(${JSON.stringify(s.name)}, async () => { await import(${JSON.stringify(spec)}); });`);
  }
  writeFileSync(path.join(dir, 'all.test.mjs'), `${lines.join('\n')}\n`);
  const out = await runProcess(nodeTestArgs(['all.test.mjs']), dir);
  const passed = new Map<string, boolean>();
  for (const m of out.stdout.matchAll(/^(not )?ok \d+ - (.*)$/gm)) passed.set(m[2]!, !m[1]);
  return { passed, output: out.stdout + out.stderr };
}

/** One `vitest run` over `<dir>/<folder>`; returns test file (relative to dir) -> passed. */
export async function runVitest(dir: string, folder: string): Promise<{ passed: Map<string, boolean>; output: string }> {
  const results = path.join(dir, 'vitest-results.json');
  writeFileSync(
    path.join(dir, 'vitest.config.mjs'),
    // One thread, one module graph: each generated file imports its own flow anyway, and starting a
    // fresh fork per file made ~60 files take 40 s instead of 4.
    `export default { test: { include: [${JSON.stringify(`${folder}/**/*.test.{ts,mjs}`)}], pool: 'threads', isolate: false, testTimeout: 60000 } };\n`
  );
  const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  const out = await runProcess([vitest, 'run', '--root', dir, '--reporter=json', `--outputFile=${results}`], dir);
  const passed = new Map<string, boolean>();
  try {
    const report = JSON.parse(readFileSync(results, 'utf8')) as { testResults: { name: string; status: string }[] };
    for (const r of report.testResults) passed.set(path.relative(dir, r.name).split(path.sep).join('/'), r.status === 'passed');
  } catch {
    // no report: every file counts as failed, and the output says why
  }
  return { passed, output: out.stdout + out.stderr };
}
