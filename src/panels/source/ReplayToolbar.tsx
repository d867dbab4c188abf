// Above the editor: replay the (edited) flow, undo the edits, what the last
// replay says about the code on screen, and the time limit after which
// runaway flow code is stopped. One line at every width: the words give way
// before the controls do (container queries on the toolbar's own width).
import type { TraceModel } from '../../core/trace/model';
import { useReplayStore } from '../../stores/replayStore';
import { useLastReplay } from '../../stores/useLastReplay';
import { useTraceStore } from '../../stores/traceStore';
import { Icon } from '../../components/Icon';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const REPLAY_KEYS = isMac ? '⌘↵' : 'Ctrl+↵';

export function ReplayButton({ className = '' }: { className?: string }) {
  const running = useReplayStore((s) => s.run.status === 'running');
  return (
    <button
      type="button"
      aria-keyshortcuts="Control+Enter Meta+Enter"
      title={`Replay the flow against this recording (${REPLAY_KEYS}). No Command's I/O runs.`}
      className={`flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded bg-accent px-2.5 py-1 text-[12px] font-medium text-white disabled:opacity-60 dark:text-bg ${className}`}
      disabled={running}
      onClick={() => useReplayStore.getState().requestReplay()}
    >
      <Icon name="play" size={12} />
      {running ? 'Replaying…' : 'Replay'}
      <kbd className="hidden font-mono text-[10px] @[520px]:inline">{REPLAY_KEYS}</kbd>
    </button>
  );
}

/** One short sentence on what the code on screen has shown so far. */
function ReplayStatus({ blocked }: { blocked: 'no-source' | 'link' | undefined }) {
  const last = useLastReplay();
  const running = useReplayStore((s) => s.run.status === 'running');
  const text = running
    ? 'Replaying…'
    : last?.stale
      ? 'Edited since the last replay: marks are from before your edit.'
      : last?.auto && last.verdict === 'reproduced'
        ? '✓ This code reproduces the recording.'
        : blocked === 'link'
          ? 'This code came with a link: it runs only when you press Replay.'
          : last
            ? ''
            : 'Edit the flow, then replay it against the recording.';
  if (!text) return null;
  return (
    <span className="hidden min-w-0 truncate text-muted @[460px]:inline" data-testid="replay-status" title={text}>
      {text}
    </span>
  );
}

export function ReplayToolbar({ model, blocked }: { model: TraceModel; blocked: 'no-source' | 'link' | undefined }) {
  const edited = useReplayStore((s) => Object.keys(s.edits).length > 0);
  const resetEdits = useReplayStore((s) => s.resetEdits);
  const timeoutMs = useReplayStore((s) => s.timeoutMs);
  const setTimeoutMs = useReplayStore((s) => s.setTimeoutMs);
  // For tests and tools: which opened trace this is, and whether the replay on load has finished.
  const generation = useTraceStore((s) => s.generation);
  const autoSettled = useReplayStore((s) => s.autoStarted && s.run.status !== 'running');
  const started = useReplayStore((s) => s.started);
  return (
    <div
      className="@container shrink-0 border-b border-line"
      data-flow={model.flowName}
      data-generation={generation}
      data-auto-replay={autoSettled ? 'settled' : 'pending'}
      data-replays={started}
    >
      <div role="toolbar" aria-label="Replay" className="flex h-9 items-center gap-2 whitespace-nowrap px-2 text-[12px]">
        <ReplayButton />
        {edited && (
          <>
            <span className="shrink-0 rounded-sm bg-warn-soft px-1.5 py-0.5 text-[11px] font-medium text-warn">edited</span>
            <button type="button" className="shrink-0 rounded border border-line px-2 py-0.5 hover:bg-raised" onClick={resetEdits}>
              Reset<span className="hidden @[560px]:inline"> to original</span>
            </button>
          </>
        )}
        <ReplayStatus blocked={blocked} />
        <label className="ml-auto flex shrink-0 items-center gap-1 text-muted" title="A replay that runs longer is stopped: flow code may loop forever.">
          <span className="hidden @[380px]:inline">Time limit</span>
          <input
            type="number"
            min={0.5}
            max={120}
            step={0.5}
            aria-label="Time limit in seconds"
            value={timeoutMs / 1000}
            onChange={(e) => {
              const seconds = Number(e.target.value);
              if (Number.isFinite(seconds) && seconds >= 0.5 && seconds <= 120) setTimeoutMs(Math.round(seconds * 1000));
            }}
            className="w-14 rounded border border-line bg-bg px-1 py-0.5 text-right font-mono text-fg"
          />
          s
        </label>
      </div>
    </div>
  );
}
