// The recording told the way pure-effect's timeTravel prints it, ready to
// paste into the incident channel. It follows the selected step: that step's
// lines are marked and scrolled to the top. Lines are virtualized: a
// 100,000-step trace narrates to millions of lines.
import { useEffect, useMemo, useRef } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { recordingNarration } from '../../core/narration/recorded';
import { printNarration, tagReplayNarration } from '../../core/narration/follow';
import { CopyButton } from '../../components/CopyButton';
import { useFixedRows } from '../../components/useFixedRows';
import { useViewStore } from '../../stores/viewStore';
import { shownReplay, useReplayStore } from '../../stores/replayStore';
import { useRecordedModel } from '../../stores/useStepValue';
import { useSelectedAfterPaint } from '../../stores/useSelectedAfterPaint';

const LINE_HEIGHT = 18;

export function NarrationDrawer({ model }: { model: TraceModel }) {
  const report = useReplayStore((s) => shownReplay(s.run)?.report);
  // A paint behind the list, as the other details are: the list's highlight comes first.
  const selected = useSelectedAfterPaint();
  const replayed = report?.narration;
  // After a replay, its own narration: exactly what timeTravel printed for the code as it is now.
  // The recording's narration tells every value: a big trace's come over from the engine first.
  const recorded = useRecordedModel(report ? undefined : model);
  const waiting = !report && !recorded;
  const told = useMemo(() => (!report && recorded ? recordingNarration(recorded) : undefined), [recorded, report]);
  const printed = useMemo(() => printNarration(report ? tagReplayNarration(report) : (told?.lines ?? [])), [told, report]);
  const { lines, spans } = printed;
  const text = useMemo(() => lines.join('\n'), [lines]);
  const close = () => useViewStore.getState().toggleNarration(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = useFixedRows(scrollRef, lines.length, LINE_HEIGHT, 20);
  const span = spans.get(selected);
  const spanStart = span?.[0];
  useEffect(() => {
    // Two lines of what came before stay in view, so the head shows from step 1.
    const el = scrollRef.current;
    if (spanStart !== undefined && el) el.scrollTop = Math.max(0, (spanStart - 2) * LINE_HEIGHT);
  }, [spanStart]);
  return (
    <section aria-label="Narration" className="flex h-full min-h-0 flex-col bg-panel">
      <header className="flex h-8 shrink-0 items-center gap-2 border-b border-line px-2">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">Narration</h2>
        <span className="truncate text-[11px] text-muted">
          {replayed ? 'of the last replay, as pure-effect’s timeTravel printed it' : 'of the recording, as pure-effect’s timeTravel prints it'}
        </span>
        <span className="ml-auto" />
        <CopyButton text={() => text} label="Copy narration" />
        <button type="button" className="shrink-0 rounded px-1.5 text-[12px] text-muted hover:bg-raised hover:text-fg" onClick={() => useViewStore.getState().toggleLogs(true)}>
          Logs
        </button>
        <button type="button" className="rounded px-1.5 text-[13px] hover:bg-raised" aria-label="Close narration" onClick={close}>
          ×
        </button>
      </header>
      <div ref={scrollRef} tabIndex={0} aria-label="Narration text" className="min-h-0 flex-1 overflow-auto px-3 py-1 font-mono text-[12px]">
        <div style={{ height: virtual.totalSize, position: 'relative' }}>
          {virtual.items.map((item) => (
            <div
              key={item.index}
              className={`absolute inset-x-0 whitespace-pre ${span && item.index >= span[0] && item.index < span[1] ? 'bg-accent-soft' : ''}`}
              data-current={span && item.index === span[0] ? 'step' : undefined}
              style={{ top: item.start, height: LINE_HEIGHT, lineHeight: `${LINE_HEIGHT}px` }}
            >
              {lines[item.index]}
            </div>
          ))}
        </div>
        {waiting && (
          <p className="mt-1 font-sans text-[12px] text-muted" aria-busy="true">
            Reading the recorded values of {model.steps.length.toLocaleString('en-US')} steps…
          </p>
        )}
        {report?.status === 'rejected' && (
          <p className="mb-2 mt-1 font-sans text-[12px] italic text-err">
            timeTravel stopped here: the replay rejected with {report.rejection?.text?.name ?? 'an error'}, so no final state was printed.
          </p>
        )}
        {told?.caveats.map((caveat) => (
          <p key={caveat} className="mb-1 mt-1 font-sans text-[12px] italic text-muted">
            {caveat} A replay of the flow gives the exact order and numbers.
          </p>
        ))}
        {!replayed && !model.outcome.known && (
          <p className="mb-2 mt-1 font-sans text-[12px] italic text-muted">
            The recording alone does not show how the run ended: {model.outcome.reason}
          </p>
        )}
      </div>
    </section>
  );
}
