// Transport, scrubber and the narration toggle: Redux DevTools' slider, for traces.
import { memo, useEffect, useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { useViewStore } from '../../stores/viewStore';
import { stepBy, stepTo } from '../navigation/navigation';
import { Icon } from '../../components/Icon';
import { markedSteps } from '../../core/notes/notes';
import { useNotesStore } from '../../stores/notesStore';
import { useFilterStore } from '../../stores/filterStore';

const SPEEDS = [1, 2, 5, 10, 50];
const MAX_TICKS = 400;
const button = 'flex h-7 min-w-7 items-center justify-center rounded px-1.5 text-[13px] hover:bg-raised disabled:opacity-40';

/** Error positions as percentages, merged into at most MAX_TICKS buckets so 100k errors still draw fast. */
function errorTicks(model: TraceModel): number[] {
  const n = model.steps.length;
  const buckets = new Set<number>();
  for (const i of model.errorSteps) buckets.add(Math.round((n <= 1 ? 0 : i / (n - 1)) * MAX_TICKS));
  return [...buckets].map((b) => (b / MAX_TICKS) * 100);
}

/** Noted and starred steps as percentages, bucketed like the errors. */
function noteTicks(n: number, marked: readonly { index: number }[]): number[] {
  const buckets = new Set<number>();
  for (const m of marked) if (m.index < n) buckets.add(Math.round((n <= 1 ? 0 : m.index / (n - 1)) * MAX_TICKS));
  return [...buckets].map((b) => (b / MAX_TICKS) * 100);
}

/** The step filter's matches as percentages, bucketed like the errors (100k matches still draw 400 ticks at most). */
function matchTicks(n: number, matches: Int32Array): number[] {
  const buckets = new Set<number>();
  for (const i of matches) if (i < n) buckets.add(Math.round((n <= 1 ? 0 : i / (n - 1)) * MAX_TICKS));
  return [...buckets].map((b) => (b / MAX_TICKS) * 100);
}

/**
 * The marks along the scrubber: up to 1,200 spans, memoized, so a selection change (which moves only
 * the thumb and the step count) does not go through them. Centred on their place by a negative
 * margin of half their width, not a translate: a transform each made every frame's paint and
 * layerizing walk 400+ transform nodes (about half of a key press frame's layerize at 100k steps).
 */
const Ticks = memo(function Ticks({ errors, noted, found }: { errors: readonly number[]; noted: readonly number[]; found: readonly number[] }) {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-x-0 top-1/2 h-3 -translate-y-1/2">
      {errors.map((pct) => (
        <span key={pct} className="absolute top-0 -ml-px h-3 w-0.5 bg-err" style={{ left: `${pct}%` }} />
      ))}
      {/* Notes and stars above the track, errors through it. */}
      {noted.map((pct) => (
        <span key={`n${pct}`} data-testid="note-tick" className="absolute -top-1.5 -ml-[3px] h-1.5 w-1.5 rounded-full bg-warn" style={{ left: `${pct}%` }} />
      ))}
      {/* Filter matches below it. */}
      {found.map((pct) => (
        <span key={`m${pct}`} data-testid="match-tick" className="absolute -bottom-1.5 -ml-px h-1.5 w-0.5 bg-accent" style={{ left: `${pct}%` }} />
      ))}
    </div>
  );
});

function usePlayback(model: TraceModel) {
  const playing = useViewStore((s) => s.playing);
  const speed = useViewStore((s) => s.speed);
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      const { selected, setPlaying } = useViewStore.getState();
      if (selected >= model.steps.length - 1) setPlaying(false);
      else stepBy(model, 1);
    }, 1000 / speed);
    return () => window.clearInterval(timer);
  }, [playing, speed, model]);
}

/** The scrubber: with Position (the step count), the only parts of the bar that follow every step. */
function Scrubber({ n }: { n: number }) {
  const selected = useViewStore((s) => s.selected);
  return (
    <input
      type="range"
      min={1}
      max={Math.max(1, n)}
      value={selected + 1}
      aria-label="Scrub through steps"
      aria-valuetext={`Step ${selected + 1} of ${n}`}
      className="relative w-full accent-[var(--ts-accent)]"
      onChange={(e) => useViewStore.getState().select(Number(e.target.value) - 1)}
    />
  );
}

/** One formatter for every step: toLocaleString('en-US') builds a new one per call, twice per key press. */
const count = new Intl.NumberFormat('en-US');

function Position({ n }: { n: number }) {
  const selected = useViewStore((s) => s.selected);
  return (
    <span className="shrink-0 font-mono text-[12px] text-muted">
      step {count.format(selected + 1)} / {count.format(n)}
    </span>
  );
}

export function BottomBar({ model }: { model: TraceModel }) {
  const n = model.steps.length;
  // Booleans, not the step: the transport (and its speed <select>, which React re-selects on every
  // render) re-renders only on reaching or leaving an end.
  const atStart = useViewStore((s) => s.selected <= 0);
  const atEnd = useViewStore((s) => s.selected >= n - 1);
  const playing = useViewStore((s) => s.playing);
  const speed = useViewStore((s) => s.speed);
  const narrationOpen = useViewStore((s) => s.narrationOpen && s.drawer === 'narration');
  const logsOpen = useViewStore((s) => s.narrationOpen && s.drawer === 'logs');
  const { select, setPlaying, setSpeed, toggleNarration, toggleLogs } = useViewStore.getState();
  const ticks = useMemo(() => errorTicks(model), [model]);
  const notes = useNotesStore((s) => s.notes);
  const noted = useMemo(() => noteTicks(model.steps.length, markedSteps(notes)), [model, notes]);
  const matches = useFilterStore((s) => s.matches);
  const found = useMemo(() => matchTicks(model.steps.length, matches), [model, matches]);
  usePlayback(model);
  return (
    <footer aria-label="Playback" className="flex h-10 shrink-0 items-center gap-2 border-t border-line bg-panel px-2">
      <div className="flex items-center" role="group" aria-label="Transport">
        <button type="button" className={button} aria-label="First step" title="First step (Home)" disabled={atStart} onClick={() => stepTo(model, 'first')}>
          <Icon name="first" />
        </button>
        <button type="button" className={button} aria-label="Previous step" title="Previous step (↑ / k)" disabled={atStart} onClick={() => stepBy(model, -1)}>
          <Icon name="prev" />
        </button>
        <button
          type="button"
          className={button}
          aria-label={playing ? 'Pause' : 'Play'}
          title="Play / pause (Space)"
          onClick={() => {
            if (!playing && atEnd) select(0);
            setPlaying(!playing);
          }}
        >
          <Icon name={playing ? 'pause' : 'play'} />
        </button>
        <button type="button" className={button} aria-label="Next step" title="Next step (↓ / j)" disabled={atEnd} onClick={() => stepBy(model, 1)}>
          <Icon name="next" />
        </button>
        <button type="button" className={button} aria-label="Last step" title="Last step (End)" disabled={atEnd} onClick={() => stepTo(model, 'last')}>
          <Icon name="last" />
        </button>
        <label className="ml-1 flex items-center gap-1 text-[12px] text-muted">
          <span className="sr-only">Playback speed</span>
          <select className="rounded border border-line bg-panel px-1 py-0.5 font-mono text-[12px] text-fg" value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s} step/s
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="relative mx-2 flex h-full min-w-0 flex-1 items-center">
        <Ticks errors={ticks} noted={noted} found={found} />
        <Scrubber n={n} />
      </div>
      <Position n={n} />
      <button type="button" className={`${button} border border-line px-2 text-[12px]`} aria-expanded={narrationOpen} onClick={() => toggleNarration()}>
        Narration {narrationOpen ? '▾' : '▴'}
      </button>
      <button type="button" className={`${button} border border-line px-2 text-[12px]`} aria-expanded={logsOpen} title="Every value your logpoints showed (l)" onClick={() => toggleLogs()}>
        Logs {logsOpen ? '▾' : '▴'}
      </button>
    </footer>
  );
}
