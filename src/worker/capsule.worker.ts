// Reads one capsule off the UI thread: inflating, checking and parsing a capsule that carries a
// big trace took 2.3 s here for a 60,000-step one, a frozen tab. One worker per capsule, ended
// once it has answered. The trace comes back as a Blob of trace.json, which the engine worker
// parses as it parses any file; the rest (notes, sources, edits) is small and comes as data.
import { readCapsule } from '../core/share/capsule';
import type { CapsuleRequest, CapsuleResponse } from './capsule.protocol';

self.onmessage = async (event: MessageEvent<CapsuleRequest>) => {
  const { source } = event.data;
  let answer: CapsuleResponse;
  try {
    const bytes = source instanceof Uint8Array ? source : new Uint8Array(await source.arrayBuffer());
    const read = readCapsule(bytes);
    if (!read.ok) answer = read;
    else {
      const { trace: _sent, ...rest } = read.payload;
      answer = { ok: true, incident: { ...rest, traceBlob: new Blob([read.traceText], { type: 'application/json' }) } };
    }
  } catch (error) {
    // A bug of ours, not the capsule's: still an answer, never silence.
    answer = { ok: false, kind: 'invalid', message: `it could not be read (${error instanceof Error ? error.message : String(error)})` };
  }
  (self as unknown as Worker).postMessage(answer);
};
