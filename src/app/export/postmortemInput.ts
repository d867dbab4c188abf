// What the post-mortem is built from, gathered from the stores: the notes, the
// replay of the unchanged code (the value the failing step received), the
// person's last replay (the fix) with the banner's words for its verdict, the
// sources with their edits, and a link per step. The step links are one
// redacted incident link (the Share dialog's defaults) plus `&step=N`, so
// they honour redaction; past the link limit there are none, and the
// document says how to open the capsule instead.
import { fullModel } from '../../worker/engineClient';
import type { TraceModel } from '../../core/trace/model';
import type { PostmortemInput } from '../../core/export/postmortem';
import { stepLinkOf } from '../../core/share/link';
import { narrateRecording, narrationText } from '../../core/narration/recorded';
import { useNotesStore } from '../../stores/notesStore';
import { useReplayStore } from '../../stores/replayStore';
import { useSourceStore } from '../../stores/sourceStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { verdictText } from '../../panels/replay/verdictText';
import { buildShared, linkFor } from '../../share/buildShared';

export const capsuleNameFor = (model: TraceModel) => `incident-${model.flowName ?? 'trace'}.zip`;

export async function postmortemInput(model: TraceModel, generatedAt: Date): Promise<PostmortemInput> {
  const { notes } = useNotesStore.getState();
  const { run, baseline, edits } = useReplayStore.getState();
  const { files } = useSourceStore.getState();
  const last = run.status === 'done' && run.report ? run : undefined;
  const verdict = last?.verdict && last.report ? verdictText(last.verdict, model, last.report.unreached) : undefined;

  const { payload } = await buildShared(model, { includeSource: true, redact: true, step: 0 });
  const base = linkFor(payload);
  const linked = base.length <= useSettingsStore.getState().linkLimit;

  // Facts a link carried hold no narration (core/share/facts.ts): the recording's own then.
  const carriedNarration = baseline?.narration.length ? baseline.narration : undefined;
  const narration = last?.report?.narration ?? carriedNarration ?? narrationText(narrateRecording(await fullModel(model))).split('\n');
  return {
    model,
    notes,
    baseline,
    lastReplay: last?.report,
    verdict: last?.verdict && verdict ? { kind: last.verdict.kind, headline: `${verdict.title} — ${verdict.detail}` } : undefined,
    sources: files.map((f) => ({ name: f.name, original: f.text, ...(edits[f.name] !== undefined ? { edited: edits[f.name] } : {}) })),
    stepLink: (index) => (linked ? stepLinkOf(base, index) : undefined),
    narration,
    capsuleName: capsuleNameFor(model),
    generatedAt,
    // The overrides of the replay the document reports on, not ones saved since.
    ...(last?.overrides.length ? { overrides: last.overrides } : {})
  };
}
