// The engine worker's way in from bytes: the byte scanner where it can read
// the file exactly, parseTraceBytes everywhere else. Kept apart from parse.ts,
// which the UI thread also loads (a shared link's trace is read there), so
// the scanner and the held traces stay out of the page's first paint.
import type { TraceProblem } from './errors';
import { heldFromModel, heldFromScan, type HeldTrace } from './held';
import type { TraceSummary } from './model';
import type { SkippedFile } from './corpus';
import { parseTraceBytes } from './parse';
import { scanModel } from './scanModel';
import { sniffHead } from './bytes';

/** What the engine worker keeps of a load: held traces (held.ts), each with its values on demand. */
export type HeldResult =
  | { kind: 'trace'; held: HeldTrace }
  | { kind: 'collection'; summaries: TraceSummary[]; held: HeldTrace[]; skipped?: SkippedFile[] }
  | { kind: 'error'; problem: TraceProblem };

/**
 * A file's bytes as the engine holds them. One trace in the recorder's shape
 * is read by the byte scanner and keeps its values in the file; everything
 * else (JSONL, a file the scanner cannot read exactly, any problem) is read by
 * parseTraceBytes, with the same result and messages as ever. Never throws.
 */
export function holdTraceBytes(bytes: Uint8Array, fileName?: string): HeldResult {
  if (!sniffHead(bytes, fileName)) {
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    const scanned = scanModel(bom ? bytes.slice(3) : bytes);
    if (scanned) return { kind: 'trace', held: heldFromScan(scanned) };
  }
  const result = parseTraceBytes(bytes, fileName);
  switch (result.kind) {
    case 'trace':
      return { kind: 'trace', held: heldFromModel(result.model) };
    case 'collection':
      return { kind: 'collection', summaries: result.summaries, held: result.models.map(heldFromModel), ...(result.skipped ? { skipped: result.skipped } : {}) };
    case 'error':
      return result;
  }
}
