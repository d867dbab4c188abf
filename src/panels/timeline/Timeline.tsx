// The Steps panel: its header, the filter box, and the list of steps (StepList) or the waterfall in
// its place. Only the list follows the selection; this panel does not re-render when it moves.
import { lazy, Suspense, useRef } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { StepFilter } from './StepFilter';
import { StepList } from './StepList';
import { useStepsViewStore } from '../../stores/stepsViewStore';
import { WATERFALL_ID } from '../waterfall/id';
import { StepsViewToggle } from './StepsViewToggle';
import { AskedOnlyNow } from './AskedOnlyNow';

// Loaded the first time the waterfall is shown (v): its canvas drawing is no part of the first paint,
// which must stay within 200 KB gzip (issue 11). The service worker keeps it for offline use.
const Waterfall = lazy(() => import('../waterfall/Waterfall').then((m) => ({ default: m.Waterfall })));

export function Timeline({ model }: { model: TraceModel }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The waterfall takes the list's place; the list stays mounted (hidden) so switching back keeps its scroll.
  const waterfall = useStepsViewStore((s) => s.view === 'waterfall');

  const total = model.steps.length;
  return (
    <section aria-labelledby="steps-heading" className="flex max-h-full min-h-0 flex-col bg-panel">
      <header className="flex h-8 shrink-0 items-center justify-between gap-2 border-b border-line px-2">
        <h2 id="steps-heading" className="text-xs font-semibold uppercase tracking-wide text-muted">
          Steps
        </h2>
        <StepsViewToggle />
        <span className="min-w-0 truncate whitespace-nowrap text-xs text-muted" data-testid="steps-count">
          {total.toLocaleString('en-US')} {total === 1 ? 'step' : 'steps'}
          {model.errorSteps.length > 0 && <span className="text-err"> · {model.errorSteps.length.toLocaleString('en-US')} threw</span>}
        </span>
      </header>
      <StepFilter model={model} onLeave={() => (waterfall ? document.getElementById(WATERFALL_ID) : scrollRef.current)?.focus()} />
      <AskedOnlyNow model={model} />
      {waterfall && (
        <Suspense fallback={<p className="px-2 py-3 text-[12px] text-muted">Loading the waterfall…</p>}>
          <Waterfall model={model} />
        </Suspense>
      )}
      <StepList model={model} hidden={waterfall} listRef={scrollRef} />
    </section>
  );
}
