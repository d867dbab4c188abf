// Thin worker entry: read the bytes with progress, then hand them to core.
// Parsing a 30 MB trace here keeps the UI thread free to paint and scroll.
import { parseTraceBytes } from '../core/trace/parse';
import type { ParseRequest, ParseResponse } from './protocol';

const post = (message: ParseResponse) => (self as unknown as Worker).postMessage(message);

/** About 10–20 ms of deserializing on the UI thread per message for typical entries. */
const STEPS_PER_MESSAGE = 4000;

async function readWithProgress(request: ParseRequest): Promise<Uint8Array> {
  const { blob, id } = request;
  const total = blob.size;
  const bytes = new Uint8Array(total);
  const reader = blob.stream().getReader();
  let loaded = 0;
  let lastReport = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes.set(value, loaded);
    loaded += value.byteLength;
    // Report at most every 1% so the message queue never floods.
    if (loaded - lastReport > total / 100) {
      lastReport = loaded;
      post({ type: 'progress', id, phase: 'reading', loaded, total });
    }
  }
  return loaded === total ? bytes : bytes.subarray(0, loaded);
}

self.onmessage = async (event: MessageEvent<ParseRequest>) => {
  const request = event.data;
  try {
    const bytes = await readWithProgress(request);
    post({ type: 'progress', id: request.id, phase: 'parsing', loaded: bytes.byteLength, total: bytes.byteLength });
    const result = parseTraceBytes(bytes, request.fileName);
    if (result.kind !== 'trace') {
      post({ type: 'done', id: request.id, result });
      return;
    }
    const { steps, ...rest } = result.model;
    for (let from = 0; from < steps.length; from += STEPS_PER_MESSAGE) {
      post({ type: 'steps', id: request.id, steps: steps.slice(from, from + STEPS_PER_MESSAGE) });
    }
    post({ type: 'done', id: request.id, result: { kind: 'trace', model: { ...rest, steps: [] } } });
  } catch (error) {
    post({ type: 'crashed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
};
