// scripts/build-stamp.mjs, which lets `npm start` skip the builds when nothing changed, run as
// start.sh runs it, in a scratch directory with a made-up target: --out out --in src,index.html.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../scripts/build-stamp.mjs', import.meta.url));
const TARGET = ['--name', 'app', '--out', 'out', '--in', 'src,index.html'];
/** A stand-in build: makes out/ with one file in it, and counts its runs in runs.txt. */
const BUILD = ['--', process.execPath, '-e', "const fs=require('fs');fs.mkdirSync('out',{recursive:true});fs.writeFileSync('out/app.js','built');fs.appendFileSync('runs.txt','x')"];

let dir: string;

function stamp(...args: string[]): { code: number | null; out: string } {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8' });
  return { code: run.status, out: (run.stdout + run.stderr).trim() };
}
const check = () => stamp('check', ...TARGET);
const build = (...cmd: string[]) => stamp('build', ...TARGET, ...(cmd.length ? ['--', ...cmd] : BUILD));
const runs = () => (existsSync(path.join(dir, 'runs.txt')) ? readFileSync(path.join(dir, 'runs.txt'), 'utf8').length : 0);
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'build-stamp-'));
  write('src/main.ts', 'export const a = 1;\n');
  write('src/panels/view.tsx', 'export const b = 2;\n');
  write('index.html', '<div id="root"></div>\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('build-stamp', () => {
  it('is stale before the first build, up to date after it, and stale again naming the file that changed', () => {
    expect(check()).toEqual({ code: 1, out: 'app (out/): out of date (no build stamp in out/ yet)' });

    expect(build()).toEqual({ code: 0, out: 'app (out/): building (no build stamp in out/ yet)' });
    expect(runs()).toBe(1);
    expect(existsSync(path.join(dir, 'out/.build-stamp'))).toBe(true);
    expect(check()).toEqual({ code: 0, out: 'app (out/): build is up to date' });

    // Up to date: the build command does not run.
    expect(build()).toEqual({ code: 0, out: 'app (out/): build is up to date' });
    expect(runs()).toBe(1);

    write('src/panels/view.tsx', 'export const b = 3;\n');
    expect(check()).toEqual({ code: 1, out: 'app (out/): out of date (changed: src/panels/view.tsx)' });
    expect(build().out).toBe('app (out/): building (changed: src/panels/view.tsx)');
    expect(runs()).toBe(2);
    expect(check().code).toBe(0);
  });

  it('goes by content: a touched file that did not change is still up to date', () => {
    build();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(dir, 'src/main.ts'), later, later);
    write('index.html', '<div id="root"></div>\n');
    expect(check()).toEqual({ code: 0, out: 'app (out/): build is up to date' });
  });

  it('names new and deleted files, and says how many more there are past five', () => {
    build();
    write('src/extra.ts', 'export {};\n');
    rmSync(path.join(dir, 'src/main.ts'));
    expect(check().out).toBe('app (out/): out of date (changed: src/extra.ts (new), src/main.ts (deleted))');

    for (let i = 1; i <= 6; i++) write(`src/gen/f${i}.ts`, `export const f${i} = ${i};\n`);
    expect(check().out).toBe(
      'app (out/): out of date (changed: src/extra.ts (new), src/gen/f1.ts (new), src/gen/f2.ts (new), src/gen/f3.ts (new), src/gen/f4.ts (new) and 3 more)'
    );
  });

  it('stamps nothing when the build fails, and passes on its exit code', () => {
    expect(build(process.execPath, '-e', "require('fs').mkdirSync('out');process.exit(3)").code).toBe(3);
    expect(existsSync(path.join(dir, 'out/.build-stamp'))).toBe(false);
    expect(check().code).toBe(1);
  });

  it('stamps the sources as they were when the build started: an edit made during the build leaves it stale', () => {
    build(process.execPath, '-e', "const fs=require('fs');fs.mkdirSync('out');fs.writeFileSync('src/main.ts','export const a = 2;\\n')");
    expect(check()).toEqual({ code: 1, out: 'app (out/): out of date (changed: src/main.ts)' });
  });

  it('treats a build made some other way as stale: the build tool emptied out/, stamp and all', () => {
    build();
    rmSync(path.join(dir, 'out'), { recursive: true });
    mkdirSync(path.join(dir, 'out'));
    expect(check().out).toBe('app (out/): out of date (no build stamp in out/ yet)');
  });

  it('refuses a target it does not know, with exit code 2', () => {
    expect(stamp('check', 'nope')).toEqual({ code: 2, out: expect.stringContaining('unknown target or option: nope') });
    expect(stamp('build', ...TARGET).code).toBe(2);
  });
});

describe('build-stamp check deps', () => {
  const lock = (packages: Record<string, object>) => JSON.stringify({ name: 'x', lockfileVersion: 3, packages: { '': { name: 'x' }, ...packages } });
  const vite = (version: string) => ({ version, integrity: `sha512-${version}`, dev: true });
  const esbuildLinux = { version: '0.28.2', integrity: 'sha512-l', optional: true };
  const esbuildDarwin = { version: '0.28.2', integrity: 'sha512-d', optional: true };

  it('matches when node_modules holds what package-lock.json locks, leaving out optional packages for other platforms', () => {
    write('package-lock.json', lock({ 'node_modules/vite': vite('8.3.8'), 'node_modules/@esbuild/linux-x64': esbuildLinux, 'node_modules/@esbuild/darwin-arm64': esbuildDarwin }));
    write('node_modules/.package-lock.json', lock({ 'node_modules/vite': vite('8.3.8'), 'node_modules/@esbuild/linux-x64': esbuildLinux }));
    expect(stamp('check', 'deps')).toEqual({ code: 0, out: 'dependencies: node_modules/ matches package-lock.json' });
  });

  it('names what differs: another version, a missing package, one that is not locked, or no install at all', () => {
    write('package-lock.json', lock({ 'node_modules/vite': vite('8.3.8'), 'node_modules/tsx': vite('4.23.15') }));
    expect(stamp('check', 'deps')).toEqual({ code: 1, out: 'dependencies: out of date (node_modules/ is missing, or was not installed by npm)' });
    write('node_modules/.package-lock.json', lock({ 'node_modules/vite': vite('8.3.7'), 'node_modules/left-pad': vite('1.3.0') }));
    expect(stamp('check', 'deps')).toEqual({ code: 1, out: 'dependencies: out of date (changed: vite 8.3.7 -> 8.3.8, tsx (missing), left-pad (not in package-lock.json))' });
  });
});
