// The Steps panel's waterfall: time across, a row for the root sequence and
// one for each Parallel branch, Retry attempts bracketed, errors marked.
// Drawn on a canvas by WaterfallCanvas; this component feeds it the trace's
// layout (useLayout: once per trace), its size, the selection and the theme,
// and says in words what the canvas shows, for screen readers.
import { useEffect, useMemo, useRef } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { formatMs } from '../../core/present/step-text';
import { useViewStore } from '../../stores/viewStore';
import { resolvedTheme, useThemeStore } from '../../stores/themeStore';
import type { LaneIndex } from './lanes';
import { AXIS_PX, rowGeometry } from './geometry';
import { readPalette } from './palette';
import { errorsSummary, selectedSummary } from './summary';
import { useElementSize } from './useElementSize';
import { useLayout } from './useLayout';
import { WaterfallCanvas } from './WaterfallCanvas';
import { WATERFALL_ID } from './id';
import { useOverridden } from '../../stores/useWhatIf';
import { overrideOutcomeText } from '../../core/whatif/describe';

const SUMMARY_ID = 'waterfall-summary';
const ERRORS_ID = 'waterfall-errors';
/** the summary line under the canvas */
const SUMMARY_PX = 24;

export function Waterfall({ model }: { model: TraceModel }) {
  const index = useLayout(model);
  if (!index) {
    const n = model.steps.length.toLocaleString('en-US');
    return (
      <p className="px-2 py-3 text-[12px] text-muted" data-testid="waterfall-pending">
        Laying out {n} steps for the waterfall…
      </p>
    );
  }
  return <WaterfallView model={model} index={index} />;
}

function WaterfallView({ model, index }: { model: TraceModel; index: LaneIndex }) {
  const geometry = useMemo(() => rowGeometry(index), [index]);
  const selected = useViewStore((s) => s.selected);
  const theme = useThemeStore(resolvedTheme);
  const hostRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawer = useRef<WaterfallCanvas | null>(null);
  const size = useElementSize(hostRef);

  // Declared first, so the drawer exists when the effects below hand it things.
  useEffect(() => {
    const c = new WaterfallCanvas(hostRef.current!, canvasRef.current!, (i) => useViewStore.getState().select(i));
    drawer.current = c;
    // Switched to with `v` from the list, focus fell to the page: take it, so ← and → work at once.
    if (document.activeElement === document.body || document.activeElement === null) hostRef.current!.focus({ preventScroll: true });
    return () => {
      c.destroy();
      drawer.current = null;
    };
  }, []);
  useEffect(() => drawer.current?.setData(index, geometry, model.steps), [index, geometry, model.steps]);
  useEffect(() => drawer.current?.setSize(size.width, size.height), [size]);
  // The theme's tokens have switched by now: useThemeSync sets data-theme in a layout effect.
  useEffect(() => drawer.current?.setPalette(readPalette()), [theme]);
  useEffect(() => drawer.current?.setSelected(selected), [selected, index]);
  const overridden = useOverridden(model);
  const whatIf = useMemo(() => new Set(overridden.keys()), [overridden]);
  useEffect(() => drawer.current?.setWhatIf(whatIf), [whatIf]);
  const selectedWhatIf = overridden.get(selected);
  const summary = `${selectedSummary(model.steps.at(selected), index.timing)}${selectedWhatIf ? ` · what-if: ${overrideOutcomeText(selectedWhatIf)}` : ''}`;

  const { timing } = index;
  const contentPx = geometry.rowTop[geometry.rowTop.length - 1]!;
  const n = model.steps.length;
  const label = `Waterfall of ${n.toLocaleString('en-US')} ${n === 1 ? 'step' : 'steps'} over ${formatMs(timing.runMs)}, ${timing.rowCount} ${timing.rowCount === 1 ? 'row' : 'rows'}. Left and right arrows: previous and next step in time; plus and minus: zoom; 0: fit; Shift with arrows: pan.`;
  return (
    // As tall as its rows, up to what the panel allows; the canvas follows the box it is given.
    <div className="flex min-h-16 shrink flex-col" style={{ height: AXIS_PX + contentPx + SUMMARY_PX + 2 }}>
      <div
        id={WATERFALL_ID}
        ref={hostRef}
        role="application"
        tabIndex={0}
        aria-label={label}
        aria-describedby={`${SUMMARY_ID} ${ERRORS_ID}`}
        data-testid="waterfall"
        data-selected={selected}
        data-rows={timing.rowCount}
        data-whatif={whatIf.size ? [...whatIf].join(' ') : undefined}
        className="relative min-h-0 flex-1 touch-none select-none overflow-hidden outline-offset-[-2px]"
      >
        <canvas ref={canvasRef} aria-hidden="true" className="absolute left-0 top-0 block" />
      </div>
      <p id={SUMMARY_ID} aria-live="polite" data-testid="waterfall-summary" className="h-6 shrink-0 truncate border-t border-line px-2 font-mono text-[11px] leading-6 text-muted" title={summary}>
        {summary}
      </p>
      <p id={ERRORS_ID} className="sr-only" data-testid="waterfall-errors">
        {errorsSummary(model.errorSteps, model.steps, timing)}
      </p>
    </div>
  );
}
