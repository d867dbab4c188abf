// Where each Command of the trace lives in the flow's source, and what the
// editor draws: the selected step's line with a note under it (what it did,
// what it received), a mark per Command with how often it ran, and after the
// person's replay what each Command did then, beside what was recorded.
//
// One anchor per Command, kept: the line that defines it, found in the code
// as it is on screen, so marks follow edits. Only a Command the text does not
// name (an inline one) falls back to where the replay saw it built. Marks
// drawn from a replay say they are stale once the code is edited after it.
import { useCallback, useMemo } from 'react';
import type { TraceModel, TraceStep } from '../../core/trace/model';
import { firstStepOfEach, stepsOfCommand } from '../../core/trace/columns';
import { columnsOf } from '../../core/trace/outline';
import { locateAll, type SourceLocation } from '../../core/source/locate';
import { lineMap } from '../../core/source/lineMap';
import { errorSummary, preview } from '../../core/present/step-text';
import { errorsOf, receivedNote, whyOf } from '../../core/present/why';
import { divergenceOf } from '../../core/present/divergence';
import type { CodeLocation, ReplayReport } from '../../core/replay/report';
import { replayOverlay, STEP_PARADOX, STEP_REPLAYED, STEP_UNREACHED } from '../../core/verdict/overlay';
import { effectiveFiles, useSourceStore, type SourceFile } from '../../stores/sourceStore';
import { useReplayStore } from '../../stores/replayStore';
import { useLastReplay, type LastReplay } from '../../stores/useLastReplay';
import type { EditorHighlight, EditorMarker } from '../../editor/types';
import type { StepValue } from '../../core/trace/values';
import { useStepValues } from '../../stores/useStepValue';
import { useSelectedAfterPaint } from '../../stores/useSelectedAfterPaint';
import { useOverridden } from '../../stores/useWhatIf';
import { overrideOutcomeText } from '../../core/whatif/describe';
import type { StepOverride } from '../../core/whatif/apply';

const HINT_LENGTH = 48;

function valueHint(step: TraceStep, value: StepValue | undefined): string {
  if (step.kind === 'threw') return `threw ${step.errorText ?? errorSummary(undefined, step.hasValue)}`;
  if (step.kind === 'unrecorded') return 'value not recorded';
  if (step.hasValue && value === undefined) return '= …';
  const text = step.hasValue ? preview(value?.result) : 'undefined';
  return `= ${text}`;
}

const clip = (text: string, length = HINT_LENGTH) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** A replay's location, moved to where its line is in the code on screen. */
function follow(loc: CodeLocation, last: LastReplay, files: readonly SourceFile[]): CodeLocation | undefined {
  const now = files.find((f) => f.name === loc.file);
  const then = last.files.find((f) => f.name === loc.file);
  if (!now) return undefined;
  return then ? { ...loc, line: lineMap(then.text, now.text)(loc.line) } : loc;
}

/** Command name -> where the replay saw it built, for Commands the text does not name. */
function replayLocations(last: LastReplay | undefined, files: readonly SourceFile[]): Record<string, SourceLocation> {
  const out: Record<string, SourceLocation> = {};
  for (const step of last?.report.steps ?? []) {
    // Only Commands the trace recorded get a mark; one it lacks is the fault's own mark below. Anonymous
    // Commands share a name, so they are placed per step instead (stepLocation).
    if (step.type !== 'Command' || step.status !== 'answered' || !step.location || out[step.name] || step.name === 'anonymous') continue;
    const loc = follow(step.location, last!, files);
    if (loc) out[step.name] = { ...loc, how: 'call' };
  }
  return out;
}

/** Where the replay saw the Command of one recorded step built: the only way to place an anonymous one. */
function stepLocation(last: LastReplay | undefined, files: readonly SourceFile[], entryIndex: number): CodeLocation | undefined {
  const step = last?.report.steps.find((s) => s.entryIndex === entryIndex && s.status === 'answered');
  return step?.location && last ? follow(step.location, last, files) : undefined;
}

/** How each Command fared in the person's replay: 'replayed' if any of its runs was, else unreached or diverged. */
function nowByCommand(model: TraceModel, report: ReplayReport): Record<string, 'replayed' | 'never reached' | 'diverged'> {
  const c = columnsOf(model);
  const status = replayOverlay(report, c.count);
  const out: Record<string, 'replayed' | 'never reached' | 'diverged'> = {};
  for (let i = 0; i < c.count; i++) {
    const st = status[i];
    const word = st === STEP_REPLAYED ? 'replayed' : st === STEP_UNREACHED ? 'never reached' : st === STEP_PARADOX ? 'diverged' : undefined;
    const command = c.commandNames[c.command[i]!]!;
    if (!word || out[command] === 'replayed') continue;
    if (!out[command] || word === 'replayed' || word === 'diverged') out[command] = word;
  }
  return out;
}

/** What the selected step received and what produced it, in a few words (core/present/why.ts). */
function receivedHint(report: ReplayReport | undefined, model: TraceModel, step: TraceStep): string | undefined {
  if (!report) return undefined;
  return receivedNote(whyOf(report, step.index, errorsOf(model.steps)));
}

export function useSourceModel(model: TraceModel | undefined) {
  const originals = useSourceStore((s) => s.files);
  const activeFile = useSourceStore((s) => s.activeFile);
  // The highlight and its hint follow a paint behind the list (Monaco's decorations are not cheap).
  const selected = useSelectedAfterPaint();
  const edits = useReplayStore((s) => s.edits);
  const focus = useReplayStore((s) => s.focus);
  const baseline = useReplayStore((s) => s.baseline);
  const last = useLastReplay();
  const overridden = useOverridden(model);
  // Command name -> its first what-if, for the marks; the selected step's own, for its note.
  const whatIfByCommand = useMemo(() => {
    const out: Record<string, StepOverride> = {};
    for (const [index, o] of overridden) {
      const name = model?.steps.at(index)?.command;
      if (name && !out[name]) out[name] = o;
    }
    return out;
  }, [overridden, model]);
  const files = useMemo(() => effectiveFiles(originals, edits), [originals, edits]);
  // The person's own replay is set beside the recording; the replay on load only fills in values.
  const mine = last && !last.auto ? last : undefined;

  const locations = useMemo(() => {
    if (!model || !files.length) return {};
    const names = Object.keys(model.commands).filter((n) => n !== 'Parallel' && n !== 'anonymous');
    return { ...replayLocations(last, files), ...locateAll(files, names) };
  }, [model, files, last]);

  const step = model?.steps.at(selected);
  const divergence = useMemo(() => (model && mine ? divergenceOf(mine.report, model) : undefined), [model, mine]);
  // Each Command's own words: one the new code asked out of order says so, instead of "never reached".
  const now = useMemo(() => (model && mine ? { ...nowByCommand(model, mine.report), ...divergence?.byCommand } : undefined), [model, mine, divergence]);

  // The first recorded step of each Command gives its hint, unless the selected step is one of its runs.
  // Found in the columns: a 100,000-step trace makes objects only of these.
  const firstStep = useMemo(() => {
    const out: Record<string, TraceStep> = {};
    if (model) for (const [name, i] of firstStepOfEach(columnsOf(model))) out[name] = model.steps.at(i)!;
    return out;
  }, [model]);
  const anonymous = useMemo(() => (model?.commands.anonymous ? stepsOfCommand(columnsOf(model), 'anonymous') : []), [model]);
  // The values those hints show (and anonymous steps', and the selected one's): a handful, fetched together.
  const hinted = useMemo(() => {
    const out = [...Object.values(firstStep).map((s) => s.index), ...anonymous];
    if (step) out.push(step.index);
    return out;
  }, [firstStep, anonymous, step]);
  const valueAt = useStepValues(model, hinted);
  const hint = useCallback((s: TraceStep) => valueHint(s, valueAt(s.index)), [valueAt]);

  const markers = useMemo<EditorMarker[]>(() => {
    if (!model) return [];
    const stale = mine?.stale ? ' (stale: edited since the replay)' : '';
    const out: EditorMarker[] = Object.entries(locations).flatMap(([name, loc]) => {
      const stats = model.commands[name];
      if (!stats) return [];
      const tone = stats.threw === 0 ? 'ok' : stats.threw === stats.count ? 'error' : 'mixed';
      const recorded = stats.threw === 0 ? `✓ ${stats.count}×` : stats.threw === stats.count ? `✗ ${stats.count}×` : `${stats.count}× · ✗ ${stats.threw}×`;
      const nowText = now?.[name];
      const whatIf = whatIfByCommand[name];
      const changed = whatIf ? ` · what-if: ${clip(overrideOutcomeText(whatIf))}` : '';
      const mark = whatIf ? { whatIf: true } : {};
      if (nowText) {
        const was = stats.threw === 0 ? 'returned' : stats.threw === stats.count ? 'threw' : `threw ${stats.threw} of ${stats.count}`;
        const badge = `recorded: ${was} · now: ${nowText}${mine?.stale ? ' (stale)' : ''}${changed}`;
        return { file: loc.file, line: loc.line, tone, label: `${name}: ${badge}${stale}`, badge, stale: Boolean(mine?.stale), now: nowText === 'never reached' ? 'unreached' : 'ran', ...mark };
      }
      const label = `${name} ran ${stats.count}×${stats.threw ? ` · threw ${stats.threw}×` : ' · always returned'}`;
      const hintStep = step && step.command === name ? step : firstStep[name];
      const badge = `${hintStep ? `${recorded}  ${clip(hint(hintStep))}` : recorded}${changed}`;
      return { file: loc.file, line: loc.line, tone, label: `${label}${changed}`, badge, ...mark };
    });
    // Anonymous Commands: one mark per step, where the replay saw each built.
    if (model.commands.anonymous) {
      for (const i of anonymous) {
        const s = model.steps.at(i)!;
        if (s.kind === 'decision') continue;
        const at = stepLocation(last, files, s.index);
        if (at) out.push({ file: at.file, line: at.line, tone: s.threw ? 'error' : 'ok', label: `anonymous step ${s.index + 1}: ${clip(hint(s))}`, badge: `${s.threw ? '✗' : '✓'} ${clip(hint(s))}`, stale: Boolean(last?.stale) });
      }
    }
    const rejection = mine?.report.rejection ?? last?.report.rejection;
    const rejectionAt = rejection?.location && last ? follow(rejection.location, last, files) : undefined;
    if (rejection && rejectionAt) {
      const text = `${rejection.text.name}: ${rejection.text.message}`;
      out.push({ file: rejectionAt.file, line: rejectionAt.line, tone: 'paradox', label: `The replay stopped here. ${text}${last?.stale ? ' (stale: edited since the replay)' : ''}`, badge: `✗ ${clip(text)}`, stale: Boolean(last?.stale) });
    }
    const report = last?.report;
    const paradox = report?.steps.find((s) => s.status === 'paradox' && s.location);
    const paradoxAt = paradox?.location && last ? follow(paradox.location, last, files) : undefined;
    if (paradoxAt && report?.fault) {
      const text = divergence?.asked?.text ?? `the trace recorded ${String(report.fault.expected ?? '?')} here`;
      out.push({ file: paradoxAt.file, line: paradoxAt.line, tone: 'paradox', label: `${divergence?.plain ?? report.fault.message} (${report.fault.kind}: ${report.fault.message})`, badge: `≠ ${text}`, stale: Boolean(last?.stale) });
    }
    return out;
  }, [model, locations, last, mine, now, step, files, firstStep, anonymous, hint, whatIfByCommand, divergence]);

  // On the step where the replay diverged, show the code that asked for something else.
  const report = last?.report;
  const paradoxStep = report?.fault?.kind === 'TimeParadox' && step && report.fault.entryIndex === step.index ? report.steps.find((s) => s.status === 'paradox') : undefined;
  const paradoxLoc = paradoxStep?.location && last ? follow(paradoxStep.location, last, files) : undefined;
  // Each note on its own Command's line: the recorded step on its own, the Command asked instead under its marker.
  const ownLocation = step ? (locations[step.command] ?? stepLocation(last, files, step.index)) : undefined;
  const location = ownLocation ?? paradoxLoc;
  const stepNow = step && mine && !mine.stale ? now?.[step.command] : undefined;
  // After a fix, a step that is now never reached is not an error on screen any more.
  const tone = paradoxLoc && !ownLocation ? ('error' as const) : stepNow === 'never reached' ? ('info' as const) : step?.threw ? ('error' as const) : ('info' as const);
  const stepWhatIf = step ? overridden.get(step.index) : undefined;
  const note =
    step && step.kind !== 'decision' ? stepNote(step, hint(step), stepNow, model ? receivedHint(baseline ?? last?.report, model, step) : undefined, stepWhatIf && overrideOutcomeText(stepWhatIf)) : undefined;
  const highlight: EditorHighlight | undefined = focus
    ? { file: focus.file, line: focus.line, tone: 'error' }
    : location && step
      ? { file: location.file, line: location.line, tone, ...(note ? { note } : {}) }
      : undefined;
  return { files, originals, activeFile: activeFile ?? files[0]?.name, step, highlight, markers, located: location !== undefined };
}

/** The words under the selected line: what the step did, then what it received. */
function stepNote(step: TraceStep, hint: string, now: string | undefined, received: string | undefined, whatIf: string | undefined): string {
  const did = step.kind === 'threw' ? `✗ ${hint}` : step.kind === 'unrecorded' ? `? ${hint}` : `✓ returned ${hint.slice(2)}`;
  const parts = [now ? `recorded: ${did} · now: ${now}` : did];
  if (whatIf) parts.push(`what-if: ${clip(whatIf, 80)}`);
  if (received) parts.push(received);
  return `${step.command} ${parts.join(' · ')}`;
}
