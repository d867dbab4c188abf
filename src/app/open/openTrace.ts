// One trace file's bytes to the screen: refused by size, noted for the session
// saver, parsed in the engine worker, and shown as a trace, a JSONL picker or
// the problem. Every single-file way in (drop, picker, paste, demo, a restore, a
// shared incident) ends here; loading.ts sorts what comes in, openCorpus.ts
// takes several files at once.
import type { ParseResult } from '../../core/trace/parse';
import type { TraceModel } from '../../core/trace/model';
import { useTraceStore, type LocalLoad } from '../../stores/traceStore';
import { parseInEngine, type ParseProgress } from '../../worker/engineClient';
import { useViewStore } from '../../stores/viewStore';
import { clearStepHash, writeHash } from '../navigation/stepHash';
import { forgetSharedAddress } from '../navigation/sharedAddress';
import { noteOpened } from '../../persist/pending';
import { traceSizeProblem } from '../../core/trace/size';
import { useSettingsStore } from '../../stores/settingsStore';

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
  /** the address names what is opening (a shared link, a capsule address): it stays, as a link to it (sharedAddress.ts) */
  readonly keepAddress?: boolean;
}

/**
 * A load that ends sooner shows no loading view: on a quick file, drawing "Reading …" and then the
 * trace cost the page more than the wait it reported (a render and a paint, ~50 ms of the main
 * thread before the list). A slower one shows it after this long, with its progress so far.
 */
const LOADING_VIEW_AFTER_MS = 250;

/** The newest load: an older one still reading must not put its loading view over it. */
let latestLoad = 0;

export async function openTraceBlob(blob: Blob, fileName: string, options: OpenOptions = {}): Promise<void> {
  const { setLocal, local } = useTraceStore.getState();
  forgetTraceUrl();
  if (!options.keepAddress) forgetSharedAddress();
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
  if (options.startAt !== undefined) writeHash(options.startAt);
  else if (!options.keepAddress) clearStepHash();
  const mine = ++latestLoad;
  const label = options.label ?? `Reading ${fileName}`;
  let progress: ParseProgress | undefined;
  const showLoading = window.setTimeout(() => {
    if (mine === latestLoad) setLocal({ status: 'loading', label, progress });
  }, LOADING_VIEW_AFTER_MS);
  try {
    const result = await parseInEngine(blob, fileName, (p) => {
      progress = p;
      const current = useTraceStore.getState().local;
      if (mine === latestLoad && current.status === 'loading') setLocal({ ...current, progress });
    });
    setLocal(loadFromParseResult(result, fileName));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    setLocal({
      status: 'error',
      fileName,
      problem: { message: error instanceof Error ? error.message : String(error), hint: 'Try the file again; if it keeps failing, the file may be too large for this browser tab.' }
    });
  } finally {
    window.clearTimeout(showLoading);
  }
}
