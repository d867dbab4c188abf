// Test-only file access for the trace tests (tsconfig.test.json gives this
// folder Node's types; the app build never sees it).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join as joinPath, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from this file's place in src/core/trace/test-support. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
/** The read-only shared folder (spec, fixtures); TIMESCOPE_SHARED overrides it. */
export const SHARED = process.env.TIMESCOPE_SHARED ? resolve(process.env.TIMESCOPE_SHARED) : resolve(REPO_ROOT, '../shared');
export const FIXTURES = joinPath(SHARED, 'fixtures');
export const MALFORMED = joinPath(REPO_ROOT, 'test/corpus/malformed');
/** JSONL files some of whose lines hold no trace: those are set aside, the rest open */
export const PARTIAL = joinPath(REPO_ROOT, 'test/corpus/partial');

export const join = (...parts: string[]) => joinPath(...parts);
export const exists = (p: string) => existsSync(p);
export const listDir = (p: string) => readdirSync(p).sort();
export const readBytes = (p: string) => new Uint8Array(readFileSync(p));
export const readText = (p: string) => readFileSync(p, 'utf8');
export const readJson = (p: string): unknown => JSON.parse(readText(p));
