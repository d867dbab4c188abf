// What a link's recipient is asked to do when the why did not come with the link (an older link,
// a compare link, facts left out to keep the link short): nothing has run, and without a replay
// the step details cannot say what the failing step received. So the call to Replay is the
// strongest thing on the screen, in the details where the answer will appear, and a button in the
// tab order (the header's Replay and Ctrl+↵ do the same). Once a replay has run, the why takes
// its place (Inspector shows ReceivedView) and this is gone.
import type { TraceModel } from '../../core/trace/model';
import { useReplayStore } from '../../stores/replayStore';
import { Icon } from '../../components/Icon';
import { REPLAY_KEYS } from '../source/ReplayToolbar';

export function ReplayNext({ model }: { model: TraceModel }) {
  const failing = model.outcome.stepIndex !== undefined ? model.steps.at(model.outcome.stepIndex) : undefined;
  const question = failing ? `Why did ${failing.command} fail?` : 'What did each step receive?';
  return (
    <section aria-label="Next: Replay" data-testid="replay-next" className="rounded-md border-2 border-accent bg-accent/10 p-3">
      <p className="text-[14px] font-semibold text-fg">{question}</p>
      <p className="mt-1 text-[12px] text-muted">
        Nothing has run yet: code that comes with a link runs only when you ask, and this one did not bring the answer with it. Replay runs the code here, in a
        sandbox, against the recording (no Command&rsquo;s I/O runs), and shows what each step received and what changed on the way.
      </p>
      <button
        type="button"
        aria-keyshortcuts="Control+Enter Meta+Enter"
        className="mt-2 flex items-center gap-2 rounded bg-accent px-4 py-2 text-[14px] font-semibold text-white shadow-sm hover:brightness-110 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:text-bg"
        onClick={() => useReplayStore.getState().requestReplay()}
      >
        <Icon name="play" size={14} />
        Replay to see why
        <kbd className="font-mono text-[11px] font-normal opacity-80">{REPLAY_KEYS}</kbd>
      </button>
    </section>
  );
}
