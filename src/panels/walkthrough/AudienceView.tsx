// The audience window: the presenter's slide and nothing to press. It says
// who leads and where they are, and says so plainly when they have gone.
import { useEffect } from 'react';
import { useAudienceChannel, type AudienceStatus } from './useAudienceChannel';
import { useAudienceKeys } from './useWalkKeys';
import { useFullScreenDialog } from './useFullScreenDialog';
import { SlideView, positionText } from './SlideView';
import type { StateMessage } from '../../core/walkthrough/protocol';

const leader = (s: StateMessage) => (s.presenter ? s.presenter : 'the presenter');

function Banner({ status }: { status: AudienceStatus }) {
  switch (status.kind) {
    case 'waiting':
      return <>Waiting for the presenter…</>;
    case 'following':
      return (
        <>
          Following <span className="font-semibold">{leader(status.state)}</span>
        </>
      );
    case 'left':
      return (
        <span className="font-semibold text-warn">
          {status.quiet ? 'The presenter has left: no word from their window for a few seconds' : 'The presenter has left'}
        </span>
      );
    case 'version':
      return <span className="text-err">The presenter runs another version of Timescope: reload both windows.</span>;
    case 'unsupported':
      return <span className="text-err">This browser cannot follow another window (no BroadcastChannel).</span>;
  }
}

export function AudienceView({ channelKey }: { channelKey: string }) {
  const status = useAudienceChannel(channelKey);
  useAudienceKeys();
  const dialog = useFullScreenDialog(undefined);
  useEffect(() => {
    document.title = 'Audience · Timescope';
  }, []);
  const state = status.kind === 'following' || status.kind === 'left' ? status.state : undefined;
  const live = status.kind === 'following';
  return (
    <dialog ref={dialog} aria-label="Walkthrough, audience" className="m-0 h-full max-h-none w-full max-w-none bg-bg p-0 text-fg backdrop:bg-bg">
      <div className="flex h-full flex-col">
        <div className="flex items-baseline justify-between gap-4 border-b border-line bg-panel px-8 py-3">
          <p className="min-w-0 truncate text-xl">
            <span aria-hidden className="text-accent">
              ◷
            </span>{' '}
            <span className="font-semibold">{state?.slide?.title ?? 'Timescope'}</span>
          </p>
          <div className="flex shrink-0 items-baseline gap-4 text-xl">
            <p role="status" data-testid="audience-leader">
              <Banner status={status} />
            </p>
            {state?.slide && (
              <p className="text-muted" data-testid="audience-position">
                {positionText(state.slide, state.mode, state.position, state.count)}
              </p>
            )}
          </div>
        </div>
        <div data-walk-focus tabIndex={-1} style={{ outline: 'none' }} className={`min-h-0 flex-1 overflow-auto px-8 py-6 ${live ? '' : 'opacity-60'}`}>
          {state?.slide ? (
            <SlideView slide={state.slide} where="Audience" />
          ) : state ? (
            <p className="py-16 text-center text-3xl text-muted">Nothing is starred yet.</p>
          ) : (
            <p className="py-16 text-center text-3xl text-muted">
              {status.kind === 'waiting' ? 'The slides appear here when the presenter opens the walkthrough.' : ''}
            </p>
          )}
        </div>
      </div>
    </dialog>
  );
}
