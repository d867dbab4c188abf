// The presenter's walkthrough: the slide, full screen, and the controls to
// drive it (also by keyboard, see useWalkKeys). It writes #walk=<step> as it
// moves, posts every slide to the audience channel, and on leaving selects
// the step it ended on and gives focus back to where it came from.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { traceIdentity } from '../../core/trace/identity';
import { audienceKey, MAX_PRESENTER_NAME } from '../../core/walkthrough/channel';
import { withWalk } from '../../core/walkthrough/walkHash';
import { useWalkthroughStore } from '../../stores/walkthroughStore';
import { useViewStore } from '../../stores/viewStore';
import { useSlide } from './useSlide';
import { SlideView, positionText } from './SlideView';
import { usePresenterKeys } from './useWalkKeys';
import { broadcastSupported, usePresenterChannel } from './usePresenterChannel';
import { openAudienceWindow } from './audienceWindow';
import { moveWalk, walkNow } from './walkNow';
import { tabId } from './tabId';
import { useFullScreenDialog } from './useFullScreenDialog';

const control = 'whitespace-nowrap rounded border border-line px-3 py-1.5 text-base hover:bg-raised disabled:opacity-40 disabled:hover:bg-transparent';

function writeWalk(step: number | undefined) {
  const url = new URL(window.location.href);
  url.hash = withWalk(url.hash, step);
  if (url.href !== window.location.href) window.history.replaceState(null, '', url);
}

/** Back in the workspace, on the step the walk ended on. */
function leaveWalkthrough(model: TraceModel) {
  const { shown } = walkNow(model);
  if (shown !== undefined) useViewStore.getState().select(shown);
  useWalkthroughStore.getState().close();
}

export function PresenterView({ model }: { model: TraceModel }) {
  const walk = useSlide(model);
  const { slide, shown, position, count } = walk;
  const mode = useWalkthroughStore((s) => s.mode);
  const name = useWalkthroughStore((s) => s.presenterName);
  const { setMode, setPresenterName } = useWalkthroughStore.getState();
  const [blocked, setBlocked] = useState(false);
  const key = useMemo(() => audienceKey(traceIdentity(model), tabId()), [model]);
  const state = useMemo(() => ({ presenter: name.trim(), mode, position, count, slide }), [name, mode, position, count, slide]);
  const { connected } = usePresenterChannel(key, state);

  const slideArea = useRef<HTMLDivElement>(null);
  const leave = useCallback(() => leaveWalkthrough(model), [model]);
  usePresenterKeys(model, leave);
  const dialog = useFullScreenDialog(leave);

  useEffect(() => {
    if (shown !== undefined) writeWalk(shown);
  }, [shown]);
  useEffect(() => () => writeWalk(undefined), []);

  const atFirst = position <= 0;
  const atLast = position >= count - 1;
  return (
    <dialog ref={dialog} aria-label="Walkthrough" className="m-0 h-full max-h-none w-full max-w-none bg-bg p-0 text-fg backdrop:bg-bg">
      <div className="flex h-full flex-col">
        <div className="flex items-baseline justify-between gap-4 border-b border-line bg-panel px-8 py-3">
          <p className="min-w-0 truncate text-xl font-semibold">{slide?.title ?? model.flowName ?? 'Walkthrough'}</p>
          <div className="flex shrink-0 items-baseline gap-4 text-xl">
            {blocked && (
              <p role="alert" className="text-base text-err">
                The browser blocked the audience window: allow pop-ups for this site.
              </p>
            )}
            {connected && <p className="text-base text-ok">● audience following</p>}
            <p className="text-muted" aria-live="polite">
              {slide ? positionText(slide, mode, position, count) : mode === 'starred' ? 'Starred only: nothing starred' : 'No steps'}
            </p>
          </div>
        </div>
        {/* Not a control, only where focus rests so keys land in the walkthrough: no focus ring. */}
        <div ref={slideArea} data-walk-focus tabIndex={-1} style={{ outline: 'none' }} className="min-h-0 flex-1 overflow-auto px-8 py-6">
          {slide ? (
            <SlideView slide={slide} where="Walkthrough" />
          ) : (
            <div className="mx-auto max-w-3xl py-16 text-center">
              {mode === 'starred' ? (
                <>
                  <p className="text-3xl">No step is starred yet.</p>
                  <p className="mt-3 text-xl text-muted">Star steps in the workspace (☆ beside a step&apos;s note), or walk all steps (press s).</p>
                </>
              ) : (
                <p className="text-3xl">This trace has no steps to walk.</p>
              )}
            </div>
          )}
        </div>
        <div role="toolbar" aria-label="Walkthrough controls" className="flex items-center gap-2 border-t border-line bg-panel px-4 py-2">
          <button type="button" className={control} disabled={atFirst} onClick={() => moveWalk(model, -1)} aria-keyshortcuts="ArrowLeft">
            ← Previous
          </button>
          <button type="button" className={control} disabled={atLast} onClick={() => moveWalk(model, 1)} aria-keyshortcuts="ArrowRight Space">
            Next →
          </button>
          <div role="group" aria-label="Which steps" className="ml-2 flex">
            {(['all', 'starred'] as const).map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={mode === m}
                onClick={() => setMode(m)}
                className={`whitespace-nowrap border border-line px-3 py-1.5 text-base first:rounded-l last:rounded-r last:border-l-0 ${mode === m ? 'bg-accent-soft font-semibold text-fg' : 'hover:bg-raised'}`}
              >
                {m === 'all' ? 'All steps' : 'Starred only'}
              </button>
            ))}
          </div>
          <span className="flex-1" />
          <input
            aria-label="Presenter name"
            placeholder="Your name, for the audience"
            value={name}
            maxLength={MAX_PRESENTER_NAME}
            onChange={(e) => setPresenterName(e.target.value)}
            className="w-44 min-w-0 rounded border border-line bg-bg px-2 py-1.5 text-base text-fg placeholder:text-muted"
          />
          <button
            type="button"
            className={control}
            disabled={!broadcastSupported()}
            title={broadcastSupported() ? 'A second window for the shared screen: it follows this one' : 'This browser cannot link two windows (no BroadcastChannel)'}
            onClick={() => {
              setBlocked(!openAudienceWindow(key));
              // Back on the slide, so the next Space or → advances instead of opening the window again.
              slideArea.current?.focus();
            }}
          >
            Open audience window
          </button>
          <button type="button" className={control} onClick={leave} aria-keyshortcuts="Escape">
            Leave <kbd className="ml-1 font-mono text-sm text-muted">Esc</kbd>
          </button>
        </div>
      </div>
    </dialog>
  );
}
