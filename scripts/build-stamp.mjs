#!/usr/bin/env node
// Is a build output up to date with its sources? `npm start` asks this before each build step, so a
// start with nothing changed goes straight to serving.
//
//   node scripts/build-stamp.mjs check TARGET              exit 0: up to date, 1: stale; prints one line
//   node scripts/build-stamp.mjs build TARGET -- CMD ARGS  runs CMD only when stale, then stamps it
//   node scripts/build-stamp.mjs stamp TARGET              records the sources as they are now as built
//
// TARGET is `app` (dist/), `cli` (dist-cli/), `deps` (node_modules/, check only) or one made up on
// the command line: --out DIR --in PATH[,PATH…] (paths relative to the current directory).
//
// A stamp, OUT/.build-stamp, holds a sha256 of every input file's content (directories are walked),
// so a touched file whose content is the same, a checkout or a clone do not count as changes, and
// a stale build names the files that changed. `build` hashes the sources before running CMD and
// writes that stamp only once CMD succeeded: a file edited during the build leaves the build stale.
// Vite empties its outDir at the start of every build, so any build made another way (`npx vite
// build`, `npm test`) removes the stamp, and the next start builds again instead of trusting it.
//
// `deps` compares node_modules/.package-lock.json (npm's own record of what it installed) with
// package-lock.json: the same packages at the same versions and integrity, leaving out only
// optional packages for other platforms.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Everything `vite build` reads for the app. (Tailwind also scans the rest of the repo for class
 * names, which could add unused CSS rules at most: those files are left out on purpose.) */
const APP_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'vite.replay-sandbox.ts',
  'tsconfig.json',
  'tsconfig.app.json',
  'tsconfig.node.json',
  'package.json',
  'package-lock.json'
];

/** What `npm run build:cli` reads: the CLI, the core and sandbox it bundles, its two configs, and the
 * warm-up replay (bin/ runs it) that leaves the V8 code cache, which only this Node version accepts. */
const CLI_INPUTS = [
  'src/cli',
  'src/core',
  'src/sandbox',
  'vite.cli.config.ts',
  'vite.sandbox.config.ts',
  'bin/timescope.mjs',
  'tsconfig.json',
  'tsconfig.cli.json',
  'package.json',
  'package-lock.json'
];

const TARGETS = {
  app: { name: 'app', out: 'dist', inputs: APP_INPUTS, env: {} },
  cli: { name: 'CLI', out: 'dist-cli', inputs: CLI_INPUTS, env: { node: process.version } }
};

const STAMP = '.build-stamp';
const SKIP_DIRS = new Set(['node_modules', '.git', '.vite']);
const MAX_NAMED = 5;

function fail(message) {
  process.stderr.write(`build-stamp: ${message}\n`);
  process.exit(2);
}

function sha256(buffer) {
  return createHash('sha256').update(buffer).digest('hex');
}

/** Every file under `input` (a file or a directory), as forward-slash paths relative to the cwd. */
function listFiles(input, files) {
  let stats;
  try {
    stats = statSync(input);
  } catch {
    return; // an input that does not exist has no files; one that appears later counts as new
  }
  if (stats.isFile()) {
    files.push(input.split(path.sep).join('/'));
  } else if (stats.isDirectory()) {
    for (const entry of readdirSync(input, { withFileTypes: true })) {
      if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
      listFiles(path.join(input, entry.name), files);
    }
  }
}

/** { path: sha256 } of every input file, plus one `<name>` entry per environment value. */
function manifest(target) {
  const files = [];
  for (const input of target.inputs) listFiles(input, files);
  const entries = {};
  for (const file of [...new Set(files)].sort()) entries[file] = sha256(readFileSync(file));
  for (const [key, value] of Object.entries(target.env ?? {})) entries[`<${key}>`] = String(value);
  return entries;
}

function stampPath(target) {
  return path.join(target.out, STAMP);
}

function readStamp(target) {
  try {
    const stamp = JSON.parse(readFileSync(stampPath(target), 'utf8'));
    return stamp && stamp.version === 1 && typeof stamp.files === 'object' ? stamp.files : null;
  } catch {
    return null;
  }
}

function writeStamp(target, files) {
  if (!existsSync(target.out)) fail(`${target.out}/ does not exist: nothing to stamp`);
  const file = stampPath(target);
  writeFileSync(`${file}.tmp`, JSON.stringify({ version: 1, files }, null, 1) + '\n');
  renameSync(`${file}.tmp`, file);
}

/** The inputs that differ between two manifests: "src/a.ts", "src/b.ts (new)", "src/c.ts (deleted)". */
function changes(before, now) {
  const changed = [];
  for (const [key, hash] of Object.entries(now)) {
    if (!(key in before)) changed.push(`${key} (new)`);
    else if (before[key] !== hash) changed.push(key.startsWith('<') ? `${key.slice(1, -1)} ${before[key]} -> ${hash}` : key);
  }
  for (const key of Object.keys(before)) if (!(key in now)) changed.push(`${key} (deleted)`);
  return changed;
}

function named(list) {
  const shown = list.slice(0, MAX_NAMED).join(', ');
  return list.length > MAX_NAMED ? `${shown} and ${list.length - MAX_NAMED} more` : shown;
}

/** { fresh, line, files }: whether the target's stamp matches its inputs, and the one line to print:
 * "… build is up to date", or "… building (changed: …)" (`build`) / "… out of date (changed: …)" (`check`). */
function status(target, verb) {
  const files = manifest(target);
  const label = `${target.name} (${target.out}/)`;
  const before = readStamp(target);
  if (!before) return { fresh: false, files, line: `${label}: ${verb} (no build stamp in ${target.out}/ yet)` };
  const changed = changes(before, files);
  if (changed.length === 0) return { fresh: true, files, line: `${label}: build is up to date` };
  return { fresh: false, files, line: `${label}: ${verb} (changed: ${named(changed)})` };
}

function readPackages(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).packages ?? null;
  } catch {
    return null;
  }
}

/** Whether node_modules holds exactly what package-lock.json locks, as npm recorded it. */
function depsStatus() {
  const locked = readPackages('package-lock.json');
  if (!locked) fail('package-lock.json is missing or unreadable');
  const installed = readPackages(path.join('node_modules', '.package-lock.json'));
  if (!installed) return { fresh: false, line: 'dependencies: out of date (node_modules/ is missing, or was not installed by npm)' };
  const changed = [];
  for (const [key, entry] of Object.entries(locked)) {
    if (key === '') continue;
    const have = installed[key];
    const name = key.replace(/^(.*\/)?node_modules\//, '');
    if (!have) {
      if (!entry.optional) changed.push(`${name} (missing)`);
    } else if (have.version !== entry.version || have.integrity !== entry.integrity) {
      changed.push(`${name} ${have.version} -> ${entry.version}`);
    }
  }
  for (const key of Object.keys(installed)) if (!(key in locked)) changed.push(`${key.replace(/^(.*\/)?node_modules\//, '')} (not in package-lock.json)`);
  if (changed.length === 0) return { fresh: true, line: 'dependencies: node_modules/ matches package-lock.json' };
  return { fresh: false, line: `dependencies: out of date (changed: ${named(changed)})` };
}

function parseTarget(args) {
  const [first, ...rest] = args;
  if (first && first in TARGETS) return { target: TARGETS[first], rest };
  if (first === 'deps') return { target: 'deps', rest };
  // A target made up on the command line: --out DIR --in a,b,c [--name NAME]
  const target = { name: 'build', out: '', inputs: [], env: {} };
  let i = 0;
  for (; i < args.length && args[i] !== '--'; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (!['--out', '--in', '--name'].includes(flag)) fail(`unknown target or option: ${flag} (targets: ${Object.keys(TARGETS).join(', ')}, deps)`);
    if (value === undefined) fail(`${flag} needs a value`);
    if (flag === '--out') target.out = value;
    else if (flag === '--in') target.inputs.push(...value.split(',').filter(Boolean));
    else target.name = value;
  }
  if (!target.out || target.inputs.length === 0) fail('give a target (app, cli, deps) or --out DIR --in PATH[,PATH…]');
  return { target, rest: args.slice(i) };
}

function main(argv) {
  const [command, ...args] = argv;
  if (!['check', 'build', 'stamp'].includes(command)) fail('usage: build-stamp.mjs check|build|stamp TARGET [-- CMD ARGS…]');
  const { target, rest } = parseTarget(args);

  if (target === 'deps') {
    if (command !== 'check') fail('deps can only be checked: npm itself records what it installed');
    const { fresh, line } = depsStatus();
    console.log(line);
    return fresh ? 0 : 1;
  }
  if (command === 'stamp') {
    writeStamp(target, manifest(target));
    return 0;
  }
  const { fresh, files, line } = status(target, command === 'build' ? 'building' : 'out of date');
  console.log(line);
  if (command === 'check') return fresh ? 0 : 1;

  // build
  const cmd = rest[0] === '--' ? rest.slice(1) : rest;
  if (cmd.length === 0) fail('build needs a command after --');
  if (fresh) return 0;
  const run = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit' });
  if (run.error) fail(`could not run ${cmd[0]}: ${run.error.message}`);
  if (run.status !== 0) return run.status ?? 1;
  writeStamp(target, files);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
