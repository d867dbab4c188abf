// Opening what someone shared: a `#incident=` link or a dropped capsule. The
// trace goes through the parse worker like any file; the flow source is the
// sender's code, so it is marked as coming with a link and waits for Replay.
// Notes, edits and logpoints land in their stores once the trace has opened.
// Loaded on demand (sharedIncident.ts and useCapsuleUrl.ts decide there is something to open).
import type { SharedIncident } from '../../core/share/payload';
import { linkAddress, linkStep } from '../../core/share/link';
import { decodeLinkInWorker } from '../../worker/linkClient';
import { showSharedAddress } from '../navigation/sharedAddress';
import { hasIncidentLink, looksEncrypted } from '../../core/share/recognize';
import { traceIdentity } from '../../core/trace/identity';
import { useSourceStore } from '../../stores/sourceStore';
import { useTraceStore } from '../../stores/traceStore';
import { useReplayStore } from '../../stores/replayStore';
import { useNotesStore } from '../../stores/notesStore';
import { useWhatIfStore } from '../../stores/whatIfStore';
import { useReceivedStore } from '../../stores/receivedStore';
import { openTraceBlob } from './openTrace';
import { reportOfFacts } from '../../core/share/facts';
import { useCompareStore } from '../../stores/compareStore';
import { readCapsuleInWorker } from '../../worker/capsuleClient';
import { useLogpointStore } from '../../stores/logpointStore';
import { logpointsOfShared } from '../../core/share/logpoints';

function fail(fileName: string, message: string, hint: string) {
  useTraceStore.getState().setLocal({ status: 'error', fileName, problem: { message, hint } });
}

export interface IncidentOptions {
  /** the address names this incident (a link, a capsule address) and stays a link to it (app/navigation/sharedAddress.ts) */
  readonly keepAddress?: boolean;
}

export async function openIncident(payload: SharedIncident, fileName: string, from: 'link' | 'capsule' = 'link', options: IncidentOptions = {}): Promise<void> {
  useSourceStore.getState().replaceFiles((payload.sources ?? []).map((s) => ({ name: s.name, text: s.text, origin: 'link' as const })));
  // A capsule's trace.json goes to the engine as it was written, never read here.
  const traceBlob = 'traceBlob' in payload ? payload.traceBlob : new Blob([JSON.stringify(payload.trace)], { type: 'application/json' });
  await openTraceBlob(traceBlob, fileName, { ...(payload.step !== undefined ? { startAt: payload.step } : {}), keepAddress: options.keepAddress === true });
  const local = useTraceStore.getState().local;
  if (local.status !== 'ready') return;
  // A compare link: run A is open behind the Compare view of A against B.
  if (payload.compare) {
    // Run A goes to the compare worker as the capsule wrote it (or as the link holds it), never read here.
    const labelA = payload.compare.labelA ?? `${fileName}, run A`;
    await useCompareStore.getState().open(
      'traceBlob' in payload ? { file: payload.traceBlob, label: labelA } : { trace: payload.trace, label: labelA },
      { trace: payload.compare.trace, label: payload.compare.labelB ?? `${fileName}, run B` }
    );
  }
  // Opened in the replay, notes and what-if stores here, with what came with it; App's effect, which
  // opens each new trace in them, finds this one open already and leaves it as it is.
  const id = traceIdentity(local.model);
  useReceivedStore.getState().set({ traceId: id, from, redaction: payload.redaction ?? { applied: false, rules: [] } });
  const replay = useReplayStore.getState();
  replay.openTrace(id, { contextText: payload.context });
  // The incident's facts as the sender's replay of the recorded code found them: the why, at once.
  if (payload.facts) replay.setBaseline(reportOfFacts(payload.facts), true);
  for (const [name, text] of Object.entries(payload.edits ?? {})) {
    replay.edit(name, text, payload.sources?.find((s) => s.name === name)?.text ?? '');
  }
  if (payload.exportName) replay.chooseExport(payload.exportName);
  // What-ifs that came with it replace this browser's for the trace: the link asks its own question.
  if (payload.overrides) {
    const whatIf = useWhatIfStore.getState();
    if (whatIf.traceId !== id) whatIf.openTrace(id);
    whatIf.replaceAll(payload.overrides);
  }
  // Logpoints that came with it replace this browser's for the trace, as what-ifs do. They are the
  // sender's expressions: marked received, they wait for Replay (stores/autoReplay), and every replay
  // checks each again before it could run (core/logpoints/prepare).
  if (payload.logpoints) {
    const { points, pinned } = logpointsOfShared(payload.logpoints);
    useLogpointStore.getState().openTrace(id, { points, pinned, received: points.length > 0 });
  } else if (useLogpointStore.getState().traceId !== id) useLogpointStore.getState().openTrace(id);
  const notes = useNotesStore.getState();
  if (notes.traceId !== id) notes.openTrace(id);
  const n = payload.notes;
  if (n?.title !== undefined) notes.setTitle(n.title);
  if (n?.summary !== undefined) notes.setSummary(n.summary);
  if (n?.impact !== undefined) notes.setImpact(n.impact);
  if (n?.actionItems !== undefined) notes.setActionItems(n.actionItems);
  for (const [k, step] of Object.entries(n?.steps ?? {})) {
    if (step.text) useNotesStore.getState().setStepText(Number(k), step.text);
    if (step.starred && !useNotesStore.getState().notes.steps?.[k]?.starred) useNotesStore.getState().toggleStar(Number(k));
  }
}

const LINK_HINT = 'Ask for the link again, or for the capsule (.zip) instead. This page still works: open a trace of your own.';

/**
 * A `#incident=` in the address, on load or pasted: decoded in a worker (a hostile link inflates
 * for seconds), then opened. The address stays a working link to it (sharedAddress.ts): the
 * sender's link alone, at the step on screen. A link that cannot open leaves the address.
 */
export async function openIncidentFromHash(): Promise<boolean> {
  const href = window.location.href;
  const raw = href.replace(/%23/gi, '#');
  if (!hasIncidentLink(raw)) return false;
  const step = linkStep(raw);
  const address = linkAddress(href);
  useTraceStore.getState().setLocal({ status: 'loading', label: 'Opening the shared link', progress: undefined });
  const decoded = await decodeLinkInWorker(raw);
  // The person opened something else while it was decoded: that wins.
  const local = useTraceStore.getState().local;
  if (local.status !== 'loading' || local.label !== 'Opening the shared link') return true;
  if (!decoded.ok || address === undefined) {
    const url = new URL(window.location.href);
    url.hash = '';
    window.history.replaceState(null, '', url);
    const problem = decoded.ok ? { kind: 'corrupt', message: 'its address could not be read.' } : decoded;
    fail('shared link', `This shared link is ${problem.kind === 'unknown-version' ? 'from a newer Timescope' : problem.kind.replace('-', ' ')}: ${problem.message}`, LINK_HINT);
    return true;
  }
  const incident = step === undefined ? decoded.incident : { ...decoded.incident, step };
  showSharedAddress(address, incident.step);
  await openIncident(incident, 'shared link', 'link', { keepAddress: true });
  return true;
}

/** A dropped file whose first bytes (`head`) are a capsule's, plain or encrypted (recognize.ts): opened, or its problem shown. */
export async function openCapsuleHead(file: File, head: Uint8Array): Promise<void> {
  if (looksEncrypted(head)) {
    fail(
      file.name,
      'This is an encrypted capsule: it opens with the link it came with (?capsule=…#key=…), because the key is in that link, not in the file.',
      'Ask the sender for the link, or run: timescope replay <file> --key <key>.'
    );
    return;
  }
  useTraceStore.getState().setLocal({ status: 'loading', label: `Reading ${file.name}`, progress: undefined });
  const read = await readCapsuleInWorker(file);
  if (!read.ok) {
    fail(file.name, `This capsule cannot be opened: ${read.message}`, 'Ask for the capsule again; it may have been cut short or changed on the way.');
    return;
  }
  await openIncident(read.incident, file.name, 'capsule');
}
