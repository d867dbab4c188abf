// Streaming inflate of deflate-raw bytes with a cap on the output, for links and capsules that
// arrive from anyone. The input is fed in small chunks, so one push can add at most about a thousand
// times its size (deflate's best ratio) before the cap is checked: a link or zip entry that inflates
// to gigabytes is stopped a few MB past the cap, never held whole, and the tab does not freeze.
import { Inflate } from 'fflate';
import { sizeText } from './sizeText';

/** Compressed bytes per push: at most ~4 MB of output between two checks of the cap. */
const CHUNK_BYTES = 4096;

/** fflate's error code for input that ends before the final block ('unexpected EOF'). */
const UNEXPECTED_EOF = 0;

export type Inflated =
  | { readonly ok: true; readonly bytes: Uint8Array }
  /** detail: a phrase to follow "it" or "the data", e.g. "ends before its last block" */
  | { readonly ok: false; readonly kind: 'too-big' | 'truncated' | 'corrupt'; readonly detail: string; /** compressed bytes read before it stopped */ readonly consumed?: number };

export function inflateCapped(compressed: Uint8Array, maxBytes: number): Inflated {
  // fflate reads an empty stream as empty output; for us it is a stream cut before it began.
  if (compressed.length === 0) return { ok: false, kind: 'truncated', detail: 'holds no compressed data at all' };
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  let consumed = 0;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total > maxBytes) over = true;
    else chunks.push(chunk);
  });
  try {
    for (let at = 0; at < compressed.length && !over; at += CHUNK_BYTES) {
      const end = Math.min(at + CHUNK_BYTES, compressed.length);
      inflate.push(compressed.subarray(at, end), end === compressed.length);
      consumed = end;
    }
  } catch (e) {
    if ((e as { code?: unknown }).code === UNEXPECTED_EOF) return { ok: false, kind: 'truncated', detail: 'ends before its last block' };
    return { ok: false, kind: 'corrupt', detail: `is not valid compressed data (${e instanceof Error ? e.message : String(e)})` };
  }
  if (over) return { ok: false, kind: 'too-big', detail: `inflates to more than ${sizeText(maxBytes)}`, consumed };
  return { ok: true, bytes: concat(chunks, total) };
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
