// The step list: a virtualized listbox in recorded order. The listbox keeps
// focus and points at the selected option with aria-activedescendant, so the
// virtualizer can recycle rows freely.
import { useEffect, useMemo, useRef } from 'react';
import { markedSteps } from '../../core/notes/notes';
import { useNotesStore } from '../../stores/notesStore';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TraceModel } from '../../core/trace/model';
import type { StepReplayStatus } from '../../core/verdict/overlay';
import { useViewStore } from '../../stores/viewStore';
import { StepRow, stepLabel } from './StepRow';
import { useTimelineModel } from './useTimelineModel';
import { useReplayOverlay } from './useReplayOverlay';
import { StepFilter } from './StepFilter';
import { useFilterStore } from '../../stores/filterStore';

const ROW_HEIGHT = 26;

export function Timeline({ model }: { model: TraceModel }) {
  const { rows, selected, selectedRow, foldedSet } = useTimelineModel(model);
  const select = useViewStore((s) => s.select);
  const toggleFold = useViewStore((s) => s.toggleFold);
  const scrollRef = useRef<HTMLDivElement>(null);
  const overlay = useReplayOverlay(model);
  const notes = useNotesStore((s) => s.notes);
  const marks = useMemo(() => new Map(markedSteps(notes).map((m) => [m.index, m] as const)), [notes]);
  const matches = useFilterStore((s) => s.matches);
  // One byte per step, so each visible row asks in O(1).
  const matched = useMemo(() => {
    const bits = new Uint8Array(model.steps.length);
    for (const i of matches) if (i < bits.length) bits[i] = 1;
    return bits;
  }, [matches, model.steps.length]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12
  });

  useEffect(() => {
    if (selectedRow >= 0) virtualizer.scrollToIndex(selectedRow, { align: 'auto' });
  }, [selectedRow, virtualizer]);

  const total = model.steps.length;
  return (
    <section aria-labelledby="steps-heading" className="flex max-h-full min-h-0 flex-col bg-panel">
      <header className="flex h-8 shrink-0 items-center justify-between border-b border-line px-2">
        <h2 id="steps-heading" className="text-xs font-semibold uppercase tracking-wide text-muted">
          Steps
        </h2>
        <span className="text-xs text-muted" data-testid="steps-count">
          {total.toLocaleString('en-US')} {total === 1 ? 'step' : 'steps'}
          {model.errorSteps.length > 0 && <span className="text-err"> · {model.errorSteps.length.toLocaleString('en-US')} threw</span>}
        </span>
      </header>
      <StepFilter model={model} onLeave={() => scrollRef.current?.focus()} />
      <div
        ref={scrollRef}
        role="listbox"
        aria-label="Steps"
        tabIndex={0}
        aria-activedescendant={selectedRow >= 0 ? `step-option-${selected}` : undefined}
        className="@container relative min-h-0 overflow-auto text-[12.5px] outline-offset-[-2px]"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const style = { position: 'absolute' as const, top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` };
            if (row.kind === 'retry') {
              return (
                <div key={`r-${row.path}`} aria-hidden style={style} className="flex items-center gap-1.5 text-[12px] text-muted" onClick={() => toggleFold(row.path)}>
                  <span style={{ paddingLeft: 6 + row.depth * 14 }} className="font-mono">
                    {foldedSet.has(row.path) ? '▸' : '▾'} ↻ Retry
                  </span>
                  <span className="font-mono text-[11px]">
                    at {row.path} · {row.attempts} {row.attempts === 1 ? 'try' : 'tries'}
                    {row.fallback ? ' · then fallback' : ''}
                  </span>
                </div>
              );
            }
            const step = model.steps[row.stepIndex]!;
            const isSelected = row.stepIndex === selected;
            return (
              <div
                key={step.index}
                id={`step-option-${step.index}`}
                role="option"
                aria-selected={isSelected}
                aria-posinset={step.index + 1}
                aria-setsize={total}
                aria-label={stepLabel(step, overlay?.status[step.index] as StepReplayStatus | undefined, marks.get(step.index))}
                style={style}
                className={`cursor-default select-none ${isSelected ? 'shadow-[inset_3px_0_0_var(--ts-accent)]' : 'hover:bg-raised'}`}
                onClick={() => select(step.index)}
              >
                <StepRow model={model} step={step} replay={overlay?.status[step.index] as StepReplayStatus | undefined} quiet={overlay?.quiet ?? false} stale={overlay?.stale ?? false} mark={marks.get(step.index)} match={matched[step.index] === 1} selected={isSelected} folded={step.path !== undefined && foldedSet.has(step.path)} onToggleFold={() => step.path && toggleFold(step.path)} />
              </div>
            );
          })}
        </div>
        {model.dropped > 0 && (
          <p className="border-t border-dashed border-warn px-2 py-2 text-[12px] text-warn">
            ⚠ {model.dropped.toLocaleString('en-US')} more {model.dropped === 1 ? 'step ran' : 'steps ran'} but {model.dropped === 1 ? 'was' : 'were'} dropped by a maxEntries cap.
          </p>
        )}
      </div>
    </section>
  );
}
