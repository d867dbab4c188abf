// The compare worker: both runs with every value, aligned here (core/compare),
// so the UI thread only ever holds the rows' columns and the selected row's
// values. Ended by its client when the comparison closes.
import { alignmentBuffers, compareModels, encodeAlignment, type CompareSession } from '../core/compare/session';
import { buildModel } from '../core/trace/build';
import { rawTraceOfModel, readRawTrace, type RawTraceBytes } from '../core/trace/rawBytes';
import { parseTraceBytes } from '../core/trace/parse';
import type { RecordedModel } from '../core/trace/model';
import type { CompareRequest, CompareResponse, CompareSource, EngineTrace, SideProblem } from './compare.protocol';

const post = (message: CompareResponse, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(message, transfer);

let session: { compare: CompareSession; a: RecordedModel; b: RecordedModel } | undefined;

const fromPort = (port: MessagePort) =>
  new Promise<RawTraceBytes>((resolve) => {
    port.onmessage = (event: MessageEvent<EngineTrace>) => {
      port.close();
      resolve(event.data.traceJson);
    };
  });

async function modelOf(source: CompareSource, side: 'A' | 'B', port: MessagePort | undefined): Promise<RecordedModel | SideProblem> {
  if (source.kind === 'engine') {
    // An engine's trace is one it has already read: the trace object its replay would read.
    if (!port) throw new Error('an engine side came without its port');
    return buildModel(readRawTrace(await fromPort(port)));
  }
  const bytes = source.kind === 'file' ? new Uint8Array(await source.blob.arrayBuffer()) : new TextEncoder().encode(JSON.stringify(source.trace ?? null));
  const parsed = parseTraceBytes(bytes, source.label);
  if (parsed.kind === 'trace') return parsed.model;
  if (parsed.kind === 'collection') return { side, reason: 'several', count: parsed.models.length };
  return { side, reason: 'not-a-trace', message: parsed.problem.message };
}

async function open(request: Extract<CompareRequest, { type: 'open' }>, ports: readonly MessagePort[]) {
  let next = 0;
  const portFor = (s: CompareSource) => (s.kind === 'engine' ? ports[next++] : undefined);
  const portA = portFor(request.a);
  const portB = portFor(request.b);
  const [a, b] = await Promise.all([modelOf(request.a, 'A', portA), modelOf(request.b, 'B', portB)]);
  if ('reason' in a) return post({ type: 'refused', problem: a });
  if ('reason' in b) return post({ type: 'refused', problem: b });
  const compare = compareModels(a, request.a.label, b, request.b.label);
  session = { compare, a, b };
  const alignment = encodeAlignment(compare.alignment);
  post({ type: 'opened', a: compare.a, b: compare.b, alignment }, alignmentBuffers(alignment));
}

self.onmessage = (event: MessageEvent<CompareRequest>) => {
  const request = event.data;
  const failed = (error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  try {
    switch (request.type) {
      case 'open':
        return void open(request, event.ports).catch(failed);
      case 'detail':
        if (!session) throw new Error('nothing is being compared');
        return post({ type: 'detail', id: request.id, detail: session.compare.detail(request.row) });
      case 'raw': {
        if (!session) throw new Error('nothing is being compared');
        const a = rawTraceOfModel(session.a);
        const b = rawTraceOfModel(session.b);
        return post({ type: 'raw', id: request.id, a, b }, [a.bytes.buffer, b.bytes.buffer]);
      }
    }
  } catch (error) {
    failed(error);
  }
};
