// Every way bytes come in (drop, picker, paste, demo) is sorted here: flow source files go to the
// source store, a capsule to openIncident, several traces to openCorpus, one trace to openTrace.
import { useTraceStore } from '../../stores/traceStore';
import { useSourceStore, type SourceFile } from '../../stores/sourceStore';
import { openCapsuleFile } from './sharedIncident';
import { openTraceBlob } from './openTrace';

const SOURCE_FILE = /\.(m?[jt]sx?|c[jt]s)$/i;

export const isSourceFileName = (name: string) => SOURCE_FILE.test(name);

async function readSources(files: readonly File[]): Promise<SourceFile[]> {
  return Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() })));
}

/** Several files at once: the trace plus its flow's source files. */
export async function openFiles(files: readonly File[]): Promise<void> {
  const sources = files.filter((f) => isSourceFileName(f.name));
  const traces = files.filter((f) => !isSourceFileName(f.name));
  const store = useSourceStore.getState();
  // Source dropped together with a trace belongs to that trace; source alone is added to what is open.
  if (sources.length) (traces.length ? store.replaceFiles : store.addFiles)(await readSources(sources));
  // Several traces (a folder, several JSONL files or capsules) are one corpus, for Replay all.
  if (traces.length > 1) return (await import('./openCorpus')).openCorpusFiles(traces, sources.length > 0);
  // A debug capsule carries its own trace and sources.
  for (const f of traces) if (await openCapsuleFile(f)) return;
  const trace = traces.find((f) => /\.jsonl?$/i.test(f.name)) ?? traces[0];
  if (trace) await openTraceBlob(trace, trace.name);
}

const looksLikeJson = (text: string) => /^\s*[[{]/.test(text);

/** Pasted text: JSON (or JSONL) is a trace; anything else is taken as flow source. */
export async function openPastedText(text: string, sourceName = 'pasted.ts'): Promise<'trace' | 'source' | 'empty'> {
  if (!text.trim()) return 'empty';
  if (looksLikeJson(text)) {
    await openTraceBlob(new Blob([text], { type: 'application/json' }), 'pasted trace');
    return 'trace';
  }
  useSourceStore.getState().addFiles([{ name: sourceName, text }]);
  return 'source';
}

/** The checkout incident shipped with the app: a 100% promo makes the total 0 and the charge fails. */
export async function openDemo(): Promise<void> {
  const base = import.meta.env.BASE_URL;
  const [trace, flow] = await Promise.all([fetch(`${base}demo/checkout.trace.json`), fetch(`${base}demo/flow.ts`)]);
  if (flow.ok) useSourceStore.getState().replaceFiles([{ name: 'flow.ts', text: await flow.text() }]);
  if (!trace.ok) {
    useTraceStore.getState().setLocal({
      status: 'error',
      fileName: 'demo',
      problem: { message: `The demo trace is missing from this build (HTTP ${trace.status}).`, hint: 'Rebuild the app, or open a trace of your own.' }
    });
    return;
  }
  await openTraceBlob(await trace.blob(), 'checkout.trace.json');
}
