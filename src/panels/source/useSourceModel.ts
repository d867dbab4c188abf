// Where each Command of the trace lives in the flow's source, and what the
// editor draws: the selected step's line, a mark per Command line with how
// often it ran and a hint of its recorded value, and after a replay the line
// where the flow diverged. Locations from the running code (a replay)
// replace the static guesses.
import { useMemo } from 'react';
import type { TraceModel, TraceStep } from '../../core/trace/model';
import { locateAll, type SourceLocation } from '../../core/source/locate';
import { errorSummary, preview } from '../../core/present/step-text';
import type { ReplayReport } from '../../core/replay/report';
import { useSourceStore } from '../../stores/sourceStore';
import { useViewStore } from '../../stores/viewStore';
import { useReplayStore } from '../../stores/replayStore';
import { effectiveFiles } from '../../app/replay';
import type { EditorMarker } from '../../editor/types';

const HINT_LENGTH = 48;

function valueHint(step: TraceStep): string {
  if (step.kind === 'threw') return `threw ${errorSummary(step.error, step.hasValue)}`;
  if (step.kind === 'unrecorded') return 'value not recorded';
  const text = step.hasValue ? preview(step.result) : 'undefined';
  return `= ${text}`;
}

const clip = (text: string) => (text.length > HINT_LENGTH ? `${text.slice(0, HINT_LENGTH - 1)}…` : text);

/** Command name -> where the running code built it, from the last replay. */
function replayLocations(report: ReplayReport | undefined, fileNames: ReadonlySet<string>): Record<string, SourceLocation> {
  const out: Record<string, SourceLocation> = {};
  for (const step of report?.steps ?? []) {
    if (step.type !== 'Command' || !step.location || out[step.name] || !fileNames.has(step.location.file)) continue;
    out[step.name] = { ...step.location, how: 'call' };
  }
  return out;
}

export function useSourceModel(model: TraceModel | undefined) {
  const originals = useSourceStore((s) => s.files);
  const activeFile = useSourceStore((s) => s.activeFile);
  const selected = useViewStore((s) => s.selected);
  const edits = useReplayStore((s) => s.edits);
  const focus = useReplayStore((s) => s.focus);
  const run = useReplayStore((s) => s.run);
  const report = run.status === 'done' ? run.report : undefined;
  const files = useMemo(() => effectiveFiles(originals, edits), [originals, edits]);

  const locations = useMemo(() => {
    if (!model || !files.length) return {};
    const names = Object.keys(model.commands).filter((n) => n !== 'Parallel' && n !== 'anonymous');
    return { ...locateAll(files, names), ...replayLocations(report, new Set(files.map((f) => f.name))) };
  }, [model, files, report]);

  const step = model?.steps[selected];

  const markers = useMemo<EditorMarker[]>(() => {
    if (!model) return [];
    // The first recorded step of each Command gives its hint, unless the selected step is one of its runs.
    const firstStep: Record<string, TraceStep> = {};
    for (const s of model.steps) if (s.kind !== 'decision' && !firstStep[s.command]) firstStep[s.command] = s;
    const out: EditorMarker[] = Object.entries(locations).map(([name, loc]) => {
      const stats = model.commands[name]!;
      const tone = stats.threw === 0 ? 'ok' : stats.threw === stats.count ? 'error' : 'mixed';
      const label = `${name} ran ${stats.count}×${stats.threw ? ` · threw ${stats.threw}×` : ' · always returned'}`;
      const count = stats.threw === 0 ? `✓ ${stats.count}×` : stats.threw === stats.count ? `✗ ${stats.count}×` : `${stats.count}× · ✗ ${stats.threw}×`;
      const hintStep = step && step.command === name ? step : firstStep[name];
      const badge = hintStep ? `${count}  ${clip(valueHint(hintStep))}` : count;
      return { file: loc.file, line: loc.line, tone, label, badge };
    });
    const rejection = report?.rejection;
    if (rejection?.location) {
      const text = `${rejection.text.name}: ${rejection.text.message}`;
      out.push({ file: rejection.location.file, line: rejection.location.line, tone: 'paradox', label: `The replay stopped here. ${text}`, badge: `✗ ${clip(text)}` });
    }
    const paradox = report?.steps.find((s) => s.status === 'paradox' && s.location);
    if (paradox?.location && report?.fault) {
      out.push({ file: paradox.location.file, line: paradox.location.line, tone: 'paradox', label: report.fault.message, badge: `≠ diverged: the trace recorded ${String(report.fault.expected ?? '?')} here` });
    }
    return out;
  }, [model, locations, report, step]);

  // On the step where the replay diverged, show the code that asked for something else.
  const paradoxStep = report?.fault?.kind === 'TimeParadox' && step && report.fault.entryIndex === step.index ? report.steps.find((s) => s.status === 'paradox') : undefined;
  const location = paradoxStep?.location ?? (step ? locations[step.command] : undefined);
  const tone = paradoxStep || step?.threw ? ('error' as const) : ('info' as const);
  const highlight = focus
    ? { file: focus.file, line: focus.line, tone: 'error' as const }
    : location && step
      ? { file: location.file, line: location.line, tone }
      : undefined;
  return { files, originals, activeFile: activeFile ?? files[0]?.name, step, highlight, markers, located: location !== undefined };
}
