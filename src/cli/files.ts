// Reading the CLI's input files, with messages that say which file and what went wrong.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import { isZip } from '../core/share/zipDirectory';
import { looksEncrypted } from '../core/share/encrypted';
import type { SourceFile } from '../core/source/locate';

/** Bad input: printed as `timescope: <message>` with exit status 2. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

function unreadable(e: unknown, file: string, what: string): InputError {
  const code = (e as { code?: unknown }).code;
  if (code === 'ENOENT') return new InputError(`cannot read ${what} '${file}': no such file`);
  if (code === 'EISDIR') return new InputError(`cannot read ${what} '${file}': it is a directory`);
  return new InputError(`cannot read ${what} '${file}': ${e instanceof Error ? e.message : String(e)}`);
}

export function readText(cwd: string, file: string, what: string): string {
  try {
    return readFileSync(path.resolve(cwd, file), 'utf8');
  } catch (e) {
    throw unreadable(e, file, what);
  }
}

export function readJson(cwd: string, file: string, what: string): unknown {
  return parseJson(readText(cwd, file, what), file, what);
}

export function parseJson(text: string, file: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`${what} '${file}' is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Rejects what cannot be a trace before any code runs (timeTravel would reject it too, later). */
export function checkTrace(trace: unknown, file: string): void {
  if (Array.isArray(trace)) {
    throw new InputError(
      `'${file}' holds a bare array of trace entries; replay needs the whole trace from recordEffect or a recorder's toTrace, ` +
        'whose initialInput rebuilds the flow.'
    );
  }
  if (typeof trace !== 'object' || trace === null || !Array.isArray((trace as { trace?: unknown }).trace)) {
    throw new InputError(`'${file}' is not a pure-effect trace: expected an object with a \`trace\` array, from recordEffect or a recorder's toTrace.`);
  }
}

export function readBytes(cwd: string, file: string, what: string): Buffer {
  try {
    return readFileSync(path.resolve(cwd, file));
  } catch (e) {
    throw unreadable(e, file, what);
  }
}

/**
 * Whether the file starts like a capsule (a zip, or an encrypted one), from its first bytes;
 * 'unreadable' is left for reading it to report, with the usual message.
 */
export function peekZip(cwd: string, file: string): 'zip' | 'not-zip' | 'unreadable' {
  let fd: number | undefined;
  try {
    fd = openSync(path.resolve(cwd, file), 'r');
    // An encrypted capsule counts: it holds a capsule, with its own sources.
    const head = new Uint8Array(64);
    const read = readSync(fd, head, 0, head.length, 0);
    return (read >= 4 && isZip(head)) || looksEncrypted(head.subarray(0, read)) ? 'zip' : 'not-zip';
  } catch {
    return 'unreadable';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export interface LoadedSources {
  /** named by their path relative to the folder that holds them all, as the browser would name dropped files */
  readonly files: SourceFile[];
  /** file name -> the path as the person typed it, for messages */
  readonly display: ReadonlyMap<string, string>;
}

export function readSources(cwd: string, paths: readonly string[]): LoadedSources {
  const absolute = paths.map((p) => path.resolve(cwd, p));
  const base = commonDir(absolute.map((p) => path.dirname(p)));
  const files: SourceFile[] = [];
  const display = new Map<string, string>();
  absolute.forEach((abs, i) => {
    const name = path.relative(base, abs).split(path.sep).join('/');
    if (display.has(name)) return; // the same file given twice
    files.push({ name, text: readText(cwd, paths[i]!, 'source file') });
    display.set(name, paths[i]!);
  });
  return { files, display };
}

function commonDir(dirs: readonly string[]): string {
  let common = dirs[0] ?? '.';
  for (const dir of dirs) {
    while (common !== path.dirname(common) && dir !== common && !dir.startsWith(common + path.sep)) common = path.dirname(common);
  }
  return common;
}
