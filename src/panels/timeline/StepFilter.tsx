// The filter box over the step list (`/` focuses it). Matching steps stay in
// place and are highlighted rather than the others hidden: hiding would tear
// Retry attempts and Parallel branches out of their tree and leave the
// scrubber's positions meaningless. Enter / Shift+Enter jump between matches,
// as in a browser's or DevTools' find. The syntax is in core/filter/query.ts.
import { useEffect, type KeyboardEvent } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { parseQuery, queryProblem } from '../../core/filter/query';
import { useFilterStore } from '../../stores/filterStore';
import { useViewStore } from '../../stores/viewStore';
import { laneGroup } from './rows';
import { useStepSearch } from './useStepSearch';
import { prepareSearch } from '../../worker/engineClient';

export const STEP_FILTER_ID = 'step-filter';

/** The match after (or before) the selected step, wrapping around the ends. */
function nextMatch(matches: Int32Array, selected: number, delta: 1 | -1): number {
  let lo = 0;
  let hi = matches.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (delta === 1 ? matches[mid]! <= selected : matches[mid]! < selected) lo = mid + 1;
    else hi = mid;
  }
  const at = delta === 1 ? lo : lo - 1;
  return at >= matches.length ? 0 : at < 0 ? matches.length - 1 : at;
}

function countText(text: string, count: number): string {
  if (!text.trim()) return '';
  const problem = queryProblem(parseQuery(text));
  if (problem) return problem;
  if (count === 0) return 'no step matches';
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'match' : 'matches'}`;
}

export function StepFilter({ model, onLeave }: { model: TraceModel; onLeave: () => void }) {
  useStepSearch(model);
  const text = useFilterStore((s) => s.text);
  const matches = useFilterStore((s) => s.matches);
  const forQuery = useFilterStore((s) => s.forQuery);

  const jump = (delta: 1 | -1) => {
    const { matches: list, setCurrent } = useFilterStore.getState();
    if (!list.length) return;
    const view = useViewStore.getState();
    const at = nextMatch(list, view.selected, delta);
    const index = list[at]!;
    // A match folded away would be selected but not shown: open what hides it.
    for (const lane of model.steps.at(index)!.lanes) if (view.folded.includes(laneGroup(lane))) view.toggleFold(laneGroup(lane));
    setCurrent(at);
    view.select(index);
  };

  // Enter pressed while the worker was still answering for the typed text
  // waits for that answer: jumping by the previous query's matches would
  // select a step the box no longer asks for.
  const pendingJump = useFilterStore((s) => s.pendingJump);
  useEffect(() => {
    if (!pendingJump || forQuery !== text) return;
    useFilterStore.getState().setPendingJump(0);
    jump(pendingJump);
  });

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const delta = e.shiftKey ? -1 : 1;
      const state = useFilterStore.getState();
      if (state.forQuery !== state.text) state.setPendingJump(delta);
      else jump(delta);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      useFilterStore.getState().clear();
      onLeave();
    }
  };

  return (
    <div className="flex h-8 shrink-0 items-center gap-2 border-b border-line px-2">
      <input
        id={STEP_FILTER_ID}
        type="search"
        aria-label="Filter steps"
        aria-describedby="step-filter-count"
        placeholder='Filter (/): name, "value", cmd: path: is:threw…'
        title={'Words match a Command name, path or value text; "a phrase" only value text.\ncmd:name  path:1r0  is:threw  is:unreached  is:diverged  is:noted  is:starred\nEnter / Shift+Enter: next / previous match · Esc: clear'}
        spellCheck={false}
        autoComplete="off"
        value={text}
        onChange={(e) => useFilterStore.getState().setText(e.target.value)}
        onFocus={() => prepareSearch(model)}
        onKeyDown={onKeyDown}
        className="h-6 min-w-0 flex-1 rounded border border-line bg-bg px-1.5 font-mono text-[12px] text-fg placeholder:text-muted"
      />
      <span id="step-filter-count" aria-live="polite" data-testid="filter-count" data-query={forQuery} className="shrink-0 text-[11px] tabular-nums text-muted">
        {countText(forQuery, matches.length)}
      </span>
    </div>
  );
}
