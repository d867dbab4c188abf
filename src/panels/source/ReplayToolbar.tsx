// Above the editor: replay the (edited) flow, undo the edits, and set the
// time limit after which runaway flow code is stopped.
import type { TraceModel } from '../../core/trace/model';
import { useReplayStore } from '../../stores/replayStore';
import { runReplay } from '../../app/replay';
import { Icon } from '../../components/Icon';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const REPLAY_KEYS = isMac ? '⌘↵' : 'Ctrl+↵';

export function ReplayButton({ model, className = '' }: { model: TraceModel; className?: string }) {
  const running = useReplayStore((s) => s.run.status === 'running');
  return (
    <button
      type="button"
      aria-keyshortcuts="Control+Enter Meta+Enter"
      title={`Replay the flow against this recording (${REPLAY_KEYS}). No Command's I/O runs.`}
      className={`flex items-center gap-1.5 rounded bg-accent px-2.5 py-1 text-[12px] font-medium text-white disabled:opacity-60 dark:text-bg ${className}`}
      disabled={running}
      onClick={() => void runReplay(model)}
    >
      <Icon name="play" size={12} />
      {running ? 'Replaying…' : 'Replay'}
      <kbd className="font-mono text-[10px]">{REPLAY_KEYS}</kbd>
    </button>
  );
}

export function ReplayToolbar({ model }: { model: TraceModel }) {
  const edited = useReplayStore((s) => Object.keys(s.edits).length > 0);
  const resetEdits = useReplayStore((s) => s.resetEdits);
  const timeoutMs = useReplayStore((s) => s.timeoutMs);
  const setTimeoutMs = useReplayStore((s) => s.setTimeoutMs);
  return (
    <div role="toolbar" aria-label="Replay" className="flex h-9 shrink-0 items-center gap-2 border-b border-line px-2 text-[12px]">
      <ReplayButton model={model} />
      {edited ? (
        <>
          <span className="rounded-sm bg-warn-soft px-1.5 py-0.5 text-[11px] font-medium text-warn">edited</span>
          <button type="button" className="rounded border border-line px-2 py-0.5 hover:bg-raised" onClick={resetEdits}>
            Reset to original
          </button>
        </>
      ) : (
        <span className="text-muted">Edit the flow, then replay it against the recording.</span>
      )}
      <label className="ml-auto flex items-center gap-1 text-muted" title="A replay that runs longer is stopped: flow code may loop forever.">
        Time limit
        <input
          type="number"
          min={0.5}
          max={120}
          step={0.5}
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
  );
}
