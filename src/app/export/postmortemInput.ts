// What the post-mortem is built from, gathered from the stores: the notes, the
// replay of the unchanged code (the value the failing step received, and what
// production did, narrated), the person's last replay (the fix) with the
// banner's words for its verdict, the sources with their edits, the pinned
// logpoint values, and the links.
// The incident travels once, in one redacted incident link (the Share dialog's
// defaults), absent past the link limit; each step link is short
// (share/buildShared stepRefFor) and opens its step once that incident is open.
import { fullModel } from '../../worker/engineClient';
import type { TraceModel } from '../../core/trace/model';
import type { PostmortemInput } from '../../core/export/postmortem';
import { narrateRecording, narrationText } from '../../core/narration/recorded';
import { useNotesStore } from '../../stores/notesStore';
import { useReplayStore } from '../../stores/replayStore';
import { useSourceStore } from '../../stores/sourceStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { verdictText } from '../../panels/replay/verdictText';
import { buildShared, linkFor, stepRefFor } from '../../share/buildShared';
import { useLogpointStore } from '../../stores/logpointStore';
import { pinsWithSteps } from '../../core/logpoints/pins';
import { traceIdentity } from '../../core/trace/identity';

export async function postmortemInput(model: TraceModel, generatedAt: Date): Promise<PostmortemInput> {
  const { notes } = useNotesStore.getState();
  const { run, baseline, edits } = useReplayStore.getState();
  const { files } = useSourceStore.getState();
  const last = run.status === 'done' && run.report ? run : undefined;
  // The pinned logpoint values, each with its step: by path, else by the replay it came from (the last one, else the incident's).
  const logpoints = useLogpointStore.getState();
  const pinned = logpoints.traceId === traceIdentity(model) ? pinsWithSteps(logpoints.pinned, model, last?.report ?? baseline) : [];
  const verdict = last?.verdict && last.report ? verdictText(last.verdict, model, last.report.unreached) : undefined;

  const { payload } = await buildShared(model, { includeSource: true, redact: true, step: 0 });
  const link = linkFor(payload);
  const linked = link.length <= useSettingsStore.getState().linkLimit;

  // What production did: the recorded code's replay, else the recording's own narration (facts a
  // link carried hold none). The last replay tells it only when it ran production's code unchanged.
  const fixed = last !== undefined && (last.edited || last.overrides.length > 0);
  const production = baseline?.narration.length ? baseline.narration : !fixed && last?.report?.narration.length ? last.report.narration : undefined;
  const narration = production ?? narrationText(narrateRecording(await fullModel(model))).split('\n');
  return {
    model,
    notes,
    baseline,
    lastReplay: last?.report,
    verdict: last?.verdict && verdict ? { kind: last.verdict.kind, headline: `${verdict.title} — ${verdict.detail}` } : undefined,
    sources: files.map((f) => ({ name: f.name, original: f.text, ...(edits[f.name] !== undefined ? { edited: edits[f.name] } : {}) })),
    ...(linked ? { incidentLink: link } : {}),
    stepLink: (index) => stepRefFor(model, index),
    narration,
    ...(fixed && last.report ? { fixNarration: last.report.narration } : {}),
    generatedAt,
    // The overrides of the replay the document reports on, not ones saved since.
    ...(last?.overrides.length ? { overrides: last.overrides } : {}),
    ...(pinned.length ? { pinned: pinned.map((p) => ({ file: p.file, line: p.line, expr: p.expr, text: p.text, ...(p.recorded !== undefined ? { recorded: p.recorded } : {}) })) } : {})
  };
}
