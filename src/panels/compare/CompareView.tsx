// "Compare two runs": the aligned steps of A and B, the selected step's
// difference, and the source with both outcomes on its line. Shown instead of
// the normal view while the compare store holds a comparison; Escape or Close
// goes back to it. ↑/↓ move through the rows from anywhere in the view.
import { useEffect, useRef } from 'react';
import { useCompareStore, type Comparison } from '../../stores/compareStore';
import { useViewStore } from '../../stores/viewStore';
import { MARK_TEXT, type AlignMark } from '../../core/compare/align';
import { rowOf, type SideSummary } from '../../core/compare/session';
import { CompareRows } from './CompareRows';
import { CompareDiff } from './CompareDiff';
import { CompareSource } from './CompareSource';

const button = 'rounded border border-line px-2 py-1 text-[12px] hover:bg-raised';
const ORDER: readonly AlignMark[] = ['same', 'value-changed', 'only-a', 'only-b'];

function outcomeWord(side: SideSummary): string {
  return side.outcome.known ? '✗ Failure' : side.errorCount ? `${side.errorCount} threw` : 'no failure recorded';
}

function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('.monaco-editor, [contenteditable="true"]')) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

function useCompareKeys() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typingTarget(e.target)) return;
      // A dialog's Escape is the dialog's, whichever listener hears it first.
      if (useViewStore.getState().dialog !== 'none' || (e.target instanceof Element && e.target.closest('dialog'))) return;
      const store = useCompareStore.getState();
      if (e.key === 'Escape') {
        e.preventDefault();
        store.close();
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        store.step(e.key === 'ArrowDown' ? 1 : -1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

function Summary({ comparison }: { comparison: Comparison }) {
  const { a, b } = comparison;
  const flowA = a.flowName ?? '(unnamed flow)';
  const flowB = b.flowName ?? '(unnamed flow)';
  return (
    <div className="min-w-0 flex-1">
      <h1 className="truncate text-[13px] font-semibold">
        Compare two runs of <span className="font-mono">{flowA}</span>
        {flowB !== flowA && (
          <span className="text-warn">
            {' '}
            and <span className="font-mono">{flowB}</span> (different flows)
          </span>
        )}
      </h1>
      <p className="truncate text-[12px] text-muted">
        <span className="font-semibold text-fg">A</span> {a.label} · {outcomeWord(a)} <span aria-hidden>|</span> <span className="font-semibold text-fg">B</span> {b.label} ·{' '}
        {outcomeWord(b)}
      </p>
    </div>
  );
}

export function CompareView({ theme, canShare }: { theme: 'dark' | 'light'; canShare: boolean }) {
  const comparison = useCompareStore((s) => s.comparison);
  const selected = useCompareStore((s) => s.selected);
  const detail = useCompareStore((s) => s.detail);
  const select = useCompareStore((s) => s.select);
  const step = useCompareStore((s) => s.step);
  const close = useCompareStore((s) => s.close);
  const openDialog = useViewStore((s) => s.openDialog);
  const root = useRef<HTMLDivElement>(null);
  useCompareKeys();
  // The rows take focus when the view opens, so ↑/↓ and screen readers start there.
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('[role="listbox"]')?.focus();
  }, [comparison]);
  if (!comparison) return null;
  const { alignment } = comparison;
  const row = rowOf(alignment, selected);
  return (
    <div ref={root} className="flex min-h-0 flex-1 flex-col" data-testid="compare-view">
      <div className="flex shrink-0 items-center gap-3 border-b border-line bg-panel px-3 py-1.5">
        <Summary comparison={comparison} />
        <p className="shrink-0 text-[12px]" aria-label="Counts by mark">
          {ORDER.map((m, i) => (
            <span key={m}>
              {i > 0 && <span className="text-muted"> · </span>}
              {alignment.counts[m]} {MARK_TEXT[m]}
            </span>
          ))}
          <span className="text-muted"> · aligned by {alignment.by}</span>
        </p>
        {canShare && (
          <button type="button" className={button} onClick={() => openDialog('share')} title="A link that opens this comparison, redacted">
            Share
          </button>
        )}
        <button type="button" className={button} onClick={close} aria-keyshortcuts="Escape">
          Close compare
        </button>
      </div>
      <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex min-h-0 flex-col border-r border-line bg-panel">
          <div className="flex max-h-[50%] min-h-0 shrink-0 flex-col border-b border-line">
            {alignment.firstDifference === undefined && <p className="px-2 py-1 text-[12px] text-ok">The two runs made the same steps with the same answers.</p>}
            <CompareRows rows={alignment} selected={selected} onSelect={select} onStep={step} />
          </div>
          <div className="min-h-0 flex-1 overflow-auto">
            <CompareDiff row={row} detail={detail?.row === selected ? detail : undefined} />
          </div>
        </div>
        <CompareSource comparison={comparison} row={selected} theme={theme} />
      </div>
    </div>
  );
}
