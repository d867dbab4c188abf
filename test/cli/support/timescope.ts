// The real `timescope` binary as a person runs it: `node bin/timescope.mjs …` in a folder, with its
// exit status and both streams, for the CLI tests that spawn it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
export const BIN = path.join(ROOT, 'bin/timescope.mjs');

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function runTimescope(args: readonly string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}
