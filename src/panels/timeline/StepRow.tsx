import { memo } from 'react';
import { useViewStore } from '../../stores/viewStore';
import type { TraceModel, TraceStep } from '../../core/trace/model';
import { formatMs, statusText } from '../../core/present/step-text';
import { Icon, type IconName } from '../../components/Icon';
import { overlayLabel, STEP_NOT_REPLAYED, STEP_PARADOX, STEP_REPLAYED, STEP_UNREACHED, type StepReplayStatus } from '../../core/verdict/overlay';
import type { TimelineRow } from './rows';
import type { StepOverride } from '../../core/whatif/apply';
import { overrideOutcomeText } from '../../core/whatif/describe';

const ICON: Record<TraceStep['kind'], IconName> = { returned: 'ok', threw: 'threw', decision: 'fork', unrecorded: 'unknown' };

function laneTag(step: TraceStep): string | undefined {
  const lane = step.lanes[step.lanes.length - 1];
  if (!lane) return undefined;
  if (lane.kind === 'branch') return `branch ${lane.branch}`;
  if (lane.kind === 'attempt') return `try ${lane.attempt + 1}`;
  return 'fallback';
}

function tone(step: TraceStep): string {
  if (step.threw) return 'text-err';
  if (step.kind === 'unrecorded') return 'text-warn';
  if (step.kind === 'decision') return step.decision?.cancelled ? 'text-warn' : 'text-muted';
  return 'text-ok';
}

export function stepLabel(step: TraceStep, replay: StepReplayStatus = STEP_NOT_REPLAYED, mark?: { readonly starred: boolean; readonly noted: boolean }, whatIf?: StepOverride): string {
  const where = step.path === undefined ? `entry ${step.index + 1}` : `path ${step.path}`;
  const lane = laneTag(step);
  const replayed = replay === STEP_NOT_REPLAYED ? '' : `, ${overlayLabel[replay]}`;
  const marked = `${mark?.starred ? ', starred' : ''}${mark?.noted ? ', has a note' : ''}`;
  const changed = whatIf ? `, what-if: ${overrideOutcomeText(whatIf)}` : '';
  return `${step.command}, ${where}${lane ? `, ${lane}` : ''}, ${statusText(step)}, ${formatMs(step.durationMs)}${replayed}${marked}${changed}`;
}

/** The step in the last replay, in words on the row: recorded and replayed side by side. */
function NowChip({ replay, stale }: { replay: StepReplayStatus; stale: boolean }) {
  // Stale reads as a dashed border and its title, not by fading: faded text fell below 4.5:1 (axe).
  const faded = stale ? 'border-dashed' : '';
  const title = stale ? 'From the replay before your last edit: replay again to update' : undefined;
  if (replay === STEP_REPLAYED) return <span title={title ?? 'Replayed: got its recorded answer'} className={`min-w-0 truncate rounded-sm border border-ok/50 px-1 text-[10px] text-ok ${faded}`}>↻ replayed</span>;
  if (replay === STEP_UNREACHED) return <span title={title ?? 'Never reached in the last replay'} className={`min-w-0 truncate rounded-sm border border-dashed border-muted px-1 text-[10px] text-muted`}>○ unreached</span>;
  if (replay === STEP_PARADOX) return <span title={title} className={`min-w-0 truncate rounded-sm bg-paradox-soft px-1 text-[10px] font-semibold uppercase text-paradox ${faded}`}>≠ diverged</span>;
  return null;
}

const BAR_WIDTH = 40;

/** The row's what-if mark: the step's recorded outcome is changed for the replay. */
function WhatIfChip({ override, replayed }: { override: StepOverride; replayed: boolean }) {
  return (
    <span title={`What-if: ${overrideOutcomeText(override)} (instead of the recording)${replayed ? '; the last replay answered it so' : ''}`} data-testid="whatif-mark" className="shrink-0 rounded-sm border border-whatif/60 bg-whatif-soft px-1 text-[10px] font-semibold text-whatif">
      what-if
    </span>
  );
}

export function StepRow({ model, step, selected, folded, onToggleFold, replay = STEP_NOT_REPLAYED, quiet = false, stale = false, mark, match = false, whatIf }: {
  model: TraceModel;
  step: TraceStep;
  selected: boolean;
  folded: boolean;
  onToggleFold?: () => void;
  replay?: StepReplayStatus;
  /** the replay on load: only what it could not replay is marked */
  quiet?: boolean;
  stale?: boolean;
  /** the person's note or star on this step */
  mark?: { readonly starred: boolean; readonly noted: boolean } | undefined;
  /** the step filter matches this step */
  match?: boolean;
  /** the what-if override on this step */
  whatIf?: StepOverride | undefined;
}) {
  const bar = model.maxDurationMs > 0 && step.durationMs !== undefined ? Math.max(2, (step.durationMs / model.maxDurationMs) * BAR_WIDTH) : 0;
  const lane = laneTag(step);
  return (
    <div
      data-match={match || undefined}
      className={`flex h-full items-center gap-1.5 pr-2 ${selected ? 'bg-accent-soft' : match ? 'bg-warn-soft/60' : ''} ${replay === STEP_PARADOX ? 'shadow-[inset_0_0_0_1.5px_var(--ts-paradox-fg)]' : ''}`}
      style={{ paddingLeft: 6 + step.depth * 14 }}
    >
      {step.depth > 0 && <span aria-hidden className="absolute inset-y-0 border-l border-line" style={{ left: step.depth * 14 - 4 }} />}
      <Icon name={ICON[step.kind]} size={13} className={tone(step)} />
      {step.kind === 'decision' ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          className="shrink-0 font-mono text-[11px] text-muted hover:text-fg"
          onClick={(e) => {
            e.stopPropagation();
            onToggleFold?.();
          }}
          title={folded ? 'Show branches' : 'Fold branches'}
        >
          {folded ? '▸' : '▾'}
        </button>
      ) : null}
      {/* The name is what the row is for: it keeps its width, and the tags after it give way first. */}
      <span className={`min-w-[4ch] shrink-0 truncate font-mono ${step.threw ? 'font-semibold text-err' : ''}`} style={{ maxWidth: '60%' }}>{step.kind === 'decision' ? 'Parallel' : step.command}</span>
      {step.kind === 'decision' && <span className="truncate text-[11px] text-muted">{step.decision?.cancelled ? (typeof step.decision.branch === 'number' ? `cancelled by branch ${step.decision.branch}` : 'cancelled from outside') : 'all done'}</span>}
      {step.threw && <span className="shrink-0 rounded-sm bg-err-soft px-1 text-[10px] font-semibold uppercase tracking-wide text-err">threw</span>}
      {step.kind === 'unrecorded' && <span className="shrink-0 rounded-sm bg-warn-soft px-1 text-[10px] font-semibold uppercase text-warn">unrecorded</span>}
      {whatIf && <WhatIfChip override={whatIf} replayed={replay === STEP_REPLAYED} />}
      {/* A what-if step that replayed got the what-if's answer: its chip says both, and saves the row's room. */}
      {!((quiet || whatIf) && replay === STEP_REPLAYED) && <NowChip replay={replay} stale={stale} />}
      <span className="ml-auto flex shrink-0 items-center gap-1.5">
        {mark && (
          <span className="font-mono text-[11px] text-warn" title={mark.noted ? 'This step has a note' : 'Starred'} data-testid="step-mark">
            {mark.starred ? '★' : ''}
            {mark.noted ? '✎' : ''}
          </span>
        )}
        {lane && step.lanes[step.lanes.length - 1]?.kind !== 'branch' && <span className="font-mono text-[10px] text-muted">{lane}</span>}
        <span className="hidden font-mono text-[11px] text-muted @[400px]:inline">{step.path ?? `#${step.index + 1}`}</span>
        <span className="w-14 text-right font-mono text-[11px] tabular-nums text-muted">{formatMs(step.durationMs)}</span>
        <span aria-hidden className="hidden w-10 justify-start @[440px]:flex" title="duration, to the scale of the slowest step">
          <span className={`h-1.5 rounded-sm ${step.threw ? 'bg-err' : 'bg-muted/60'}`} style={{ width: bar }} />
        </span>
      </span>
    </div>
  );
}

type Mark = { readonly starred: boolean; readonly noted: boolean } | undefined;

const rowStyle = (start: number, height: number) => ({ position: 'absolute' as const, top: 0, left: 0, right: 0, height, transform: `translateY(${start}px)` });

/**
 * One step's option in the listbox. Memoized, with only primitives, the model's own objects and the
 * store's actions for props, and its selection read from the store by itself: moving the selection
 * re-renders the two rows it leaves and reaches, and not the list.
 */
export const StepOption = memo(function StepOption({ model, step, total, start, height, replay, quiet, stale, mark, match, folded, onSelect, onToggleFold, whatIf }: {
  model: TraceModel;
  step: TraceStep;
  total: number;
  /** the row's offset in the list, from the virtualizer */
  start: number;
  height: number;
  replay: StepReplayStatus | undefined;
  quiet: boolean;
  stale: boolean;
  mark: Mark;
  match: boolean;
  folded: boolean;
  onSelect: (index: number) => void;
  onToggleFold: (path: string) => void;
  whatIf: StepOverride | undefined;
}) {
  const selected = useViewStore((s) => s.selected === step.index);
  return (
    <div
      id={`step-option-${step.index}`}
      data-whatif={whatIf ? true : undefined}
      role="option"
      aria-selected={selected}
      aria-posinset={step.index + 1}
      aria-setsize={total}
      aria-label={stepLabel(step, replay, mark, whatIf)}
      style={rowStyle(start, height)}
      className={`cursor-default select-none ${selected ? 'shadow-[inset_3px_0_0_var(--ts-accent)]' : 'hover:bg-raised'}`}
      onClick={() => onSelect(step.index)}
    >
      <StepRow model={model} step={step} replay={replay} quiet={quiet} stale={stale} mark={mark} match={match} whatIf={whatIf} selected={selected} folded={folded} onToggleFold={() => step.path && onToggleFold(step.path)} />
    </div>
  );
});

/** A Retry group's header row: click folds or unfolds its attempts. */
export const RetryRow = memo(function RetryRow({ row, start, height, folded, onToggleFold }: {
  row: Extract<TimelineRow, { kind: 'retry' }>;
  start: number;
  height: number;
  folded: boolean;
  onToggleFold: (path: string) => void;
}) {
  return (
    <div aria-hidden style={rowStyle(start, height)} className="flex items-center gap-1.5 text-[12px] text-muted" onClick={() => onToggleFold(row.path)}>
      <span style={{ paddingLeft: 6 + row.depth * 14 }} className="font-mono">
        {folded ? '▸' : '▾'} ↻ Retry
      </span>
      <span className="font-mono text-[11px]">
        at {row.path} · {row.attempts} {row.attempts === 1 ? 'try' : 'tries'}
        {row.fallback ? ' · then fallback' : ''}
      </span>
    </div>
  );
});
