// Parses one trace file off the UI thread into a model with all its values, for a second trace
// beside the open one (Compare with…). Not an engine load: that would stop the engine holding
// the open trace's values. One worker per file, ended once it has answered.
import { parseTraceBytes } from '../core/trace/parse';
import type { OneParse } from './parseOne.protocol';

self.onmessage = async (event: MessageEvent<{ readonly blob: Blob; readonly name: string }>) => {
  let answer: OneParse;
  try {
    const result = parseTraceBytes(new Uint8Array(await event.data.blob.arrayBuffer()), event.data.name);
    answer = result.kind === 'collection' ? { kind: 'collection', count: result.models.length } : result;
  } catch (error) {
    answer = { kind: 'error', problem: { message: `the trace could not be read: ${error instanceof Error ? error.message : String(error)}`, hint: 'This is a bug in Timescope; please report it with the file.' } };
  }
  (self as unknown as Worker).postMessage(answer);
};
