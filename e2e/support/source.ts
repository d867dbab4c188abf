import { readFileSync } from 'node:fs';

/** 1-based number of the first line of `file` that contains `needle` (read from the fixture, never hard-coded). */
export function lineOf(file: string, needle: string): number {
  const index = readFileSync(file, 'utf8').split(/\r\n|\r|\n/).findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`${needle} is not in ${file}`);
  return index + 1;
}
