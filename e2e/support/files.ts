import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');

/** The shared ground truth, beside the repo (or where TIMESCOPE_SHARED says). */
export const sharedDir = process.env.TIMESCOPE_SHARED ?? path.resolve(repoRoot, '../shared');

export const fixture = (rel: string) => path.join(sharedDir, 'fixtures', rel);
export const corpus = (rel: string) => path.join(repoRoot, 'test/corpus', rel);
