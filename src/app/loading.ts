// Every way bytes come in (drop, picker, paste, demo) ends here. Trace bytes
// go to the parse worker; flow source files go to the source store.
import type { ParseResult } from '../core/trace/parse';
import type { TraceModel } from '../core/trace/model';
import type { LocalLoad } from '../stores/traceStore';
import { useTraceStore } from '../stores/traceStore';
import { useSourceStore, type SourceFile } from '../stores/sourceStore';
import { parseInEngine } from '../worker/engineClient';
import { useViewStore } from '../stores/viewStore';
import { clearStepHash, writeHash } from './stepHash';
import { noteOpened } from '../persist/pending';
import { openCapsuleFile } from './sharedIncident';
import { traceSizeProblem } from '../core/trace/size';
import { useSettingsStore } from '../stores/settingsStore';

const SOURCE_FILE = /\.(m?[jt]sx?|c[jt]s)$/i;

export const isSourceFileName = (name: string) => SOURCE_FILE.test(name);

export function loadFromParseResult(result: ParseResult<TraceModel>, fileName: string): LocalLoad {
  switch (result.kind) {
    case 'trace':
      return { status: 'ready', model: result.model, fileName };
    case 'collection':
      return { status: 'picking', fileName, summaries: result.summaries, models: result.models, ...(result.skipped ? { skipped: result.skipped } : {}) };
    case 'error':
      return { status: 'error', problem: result.problem, fileName };
  }
}

/** Drop the ?trace= parameter once the person opens something else, so a reload shows what they chose. */
function forgetTraceUrl() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('trace')) return;
  url.searchParams.delete('trace');
  window.history.replaceState(null, '', url);
}

export interface OpenOptions {
  /** what the loading view says (a restored session says "Restoring …") */
  readonly label?: string;
  /** the step to open at (0-based), instead of where a new trace opens: a restored session's place */
  readonly startAt?: number;
}

export async function openTraceBlob(blob: Blob, fileName: string, options: OpenOptions = {}): Promise<void> {
  const { setLocal, local } = useTraceStore.getState();
  forgetTraceUrl();
  // Refused by its size alone, before a byte is read or kept: a file past the limit would only cost the tab its memory.
  const tooBig = traceSizeProblem(fileName, blob.size, useSettingsStore.getState().maxTraceBytes);
  if (tooBig) {
    if (local.status === 'ready') useTraceStore.setState({ lastReadyStep: useViewStore.getState().selected });
    setLocal({ status: 'error', fileName, problem: tooBig });
    return;
  }
  // The original bytes, for the session saver to keep in this browser once they parse.
  noteOpened(blob, fileName);
  // Remember where you were, for "Back to …" should this file turn out bad; the new trace starts at step 1.
  if (local.status === 'ready') useTraceStore.setState({ lastReadyStep: useViewStore.getState().selected });
  // useStepHash opens the trace at the fragment's step, so a restore puts its step there.
  if (options.startAt === undefined) clearStepHash();
  else writeHash(options.startAt);
  setLocal({ status: 'loading', label: options.label ?? `Reading ${fileName}`, progress: undefined });
  try {
    const result = await parseInEngine(blob, fileName, (progress) => {
      const current = useTraceStore.getState().local;
      if (current.status === 'loading') setLocal({ ...current, progress });
    });
    setLocal(loadFromParseResult(result, fileName));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    setLocal({
      status: 'error',
      fileName,
      problem: { message: error instanceof Error ? error.message : String(error), hint: 'Try the file again; if it keeps failing, the file may be too large for this browser tab.' }
    });
  }
}

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
