// Several traces opened at once (a folder, several JSONL files, several
// capsules) become one corpus: the picker lists every trace with its file, and
// "Replay all" replays them against one flow. A capsule gives its trace, and
// its flow's source when none is loaded yet (as the sender's code: it runs
// only when the person presses Replay all). A file that cannot be part of it
// is set aside and named, never silently dropped.
import { readCapsuleInWorker } from '../../worker/capsuleClient';
import { looksEncrypted, looksLikeCapsule } from '../../core/share/recognize';
import type { SkippedFile } from '../../core/trace/corpus';
import { traceSizeProblem } from '../../core/trace/size';
import { useSettingsStore } from '../../stores/settingsStore';
import { useSourceStore, type SourceFile } from '../../stores/sourceStore';
import { useTraceStore } from '../../stores/traceStore';
import { parseManyInEngine } from '../../worker/engineClient';
import { loadFromParseResult } from './openTrace';
import { clearStepHash } from '../navigation/stepHash';
import { pathOf } from './droppedFiles';
import { noteOpenedCorpus } from '../../persist/pending';

export { withPath } from './droppedFiles';

/** A file's name as the person knows it: its path inside the folder they chose, when there is one. */
const shownName = pathOf;

/** The corpus's name: the folder the files share, or how many files it is. */
function corpusName(files: readonly File[]): string {
  const folders = new Set(files.map((f) => (pathOf(f).includes('/') ? pathOf(f).split('/')[0] : '')));
  const [only] = folders;
  return folders.size === 1 && only ? `${only}/` : `${files.length} files`;
}

export async function openCorpusFiles(given: readonly File[], hasSources: boolean): Promise<void> {
  const files = [...given].sort((a, b) => shownName(a).localeCompare(shownName(b), 'en', { numeric: true }));
  const name = corpusName(files);
  const { setLocal } = useTraceStore.getState();
  clearStepHash();
  setLocal({ status: 'loading', label: `Reading ${files.length} files`, progress: undefined });
  // Kept by the session saver once this settles, so a reload opens the same corpus.
  noteOpenedCorpus(files, files.map(shownName), name);
  const entries: { blob: Blob; name: string }[] = [];
  const skipped: SkippedFile[] = [];
  let capsuleSources: SourceFile[] | undefined;
  const limit = useSettingsStore.getState().maxTraceBytes;
  for (const file of files) {
    const shown = shownName(file);
    const tooBig = traceSizeProblem(shown, file.size, limit);
    if (tooBig) {
      skipped.push({ name: shown, message: tooBig.message });
      continue;
    }
    const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
    if (looksEncrypted(head)) {
      skipped.push({ name: shown, message: 'an encrypted capsule opens only with the link it came with (its key is in that link)' });
    } else if (looksLikeCapsule(head)) {
      // Unpacked in a worker (a capsule can carry a big trace); its trace.json parsed by the engine like any file.
      const read = await readCapsuleInWorker(file);
      if (!read.ok) skipped.push({ name: shown, message: `this capsule cannot be opened: ${read.message}` });
      else {
        entries.push({ blob: read.incident.traceBlob, name: shown });
        capsuleSources ??= read.incident.sources?.map((s) => ({ name: s.name, text: s.text, origin: 'link' as const }));
      }
    } else entries.push({ blob: file, name: shown });
  }
  if (!hasSources && capsuleSources?.length && useSourceStore.getState().files.length === 0) useSourceStore.getState().replaceFiles(capsuleSources);
  if (entries.length === 0) {
    const aside = skipped.map((s) => `${s.name}: ${s.message}`).join('; ');
    setLocal({ status: 'error', fileName: name, problem: { message: `none of the ${files.length} files holds a trace Timescope can open: ${aside}`, hint: 'Open trace files (.json, .jsonl) or capsules (.zip) of one flow.' } });
    return;
  }
  try {
    const result = await parseManyInEngine(entries, name);
    const load = loadFromParseResult(result, name);
    // Files set aside here (too big, encrypted, not a capsule after all) join those the engine set aside.
    if (load.status === 'picking') setLocal({ ...load, skipped: [...skipped, ...(load.skipped ?? [])] });
    else if (load.status === 'error' && skipped.length) {
      const aside = skipped.map((s) => `${s.name} (${s.message})`).join('; ');
      setLocal({ ...load, problem: { ...load.problem, message: `${load.problem.message}; also set aside: ${aside}` } });
    } else setLocal(load);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    setLocal({ status: 'error', fileName: name, problem: { message: error instanceof Error ? error.message : String(error), hint: 'Try the files again, or fewer at a time.' } });
  }
}
