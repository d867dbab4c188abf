// The walkthrough's one mount point (App): the presenter view while it is
// open, or, in a window opened at ?audience=<key>, the audience view. Also
// `w` to open it, and #walk=<step> links (useWalkHash).
//
// The audience window is this same app, but it never needs the trace: the
// presenter posts each slide whole over the channel. Reading the session
// from IndexedDB instead would show a trace at best, never the presenter's
// replay (it lives in the presenter's memory) nor edits not yet saved, and
// would race the presenter's own saves; the posted slide is always exactly
// what the presenter sees.
//
// The two views load when first shown (their slides, the channel's zod schemas): only `w`, the
// #walk= hash and the audience address are read with the page. Until a view's code arrives, a
// cover of its background stands in, so the app does not show through.
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { audienceKeyOf } from '../../core/walkthrough/channel';
import { useWalkthroughStore } from '../../stores/walkthroughStore';
import { useWalkHash } from './useWalkHash';
import { useOpenKey } from './useOpenKey';

const PresenterView = lazy(() => import('./PresenterView').then((m) => ({ default: m.PresenterView })));
const AudienceView = lazy(() => import('./AudienceView').then((m) => ({ default: m.AudienceView })));

const cover = <div aria-busy="true" className="fixed inset-0 z-50 bg-bg" />;

export function Walkthrough({ model }: { model: TraceModel | undefined }) {
  const audience = useMemo(() => audienceKeyOf(window.location.search), []);
  const open = useWalkthroughStore((s) => s.open);
  useEffect(() => {
    if (audience) useWalkthroughStore.getState().becomeAudience();
  }, [audience]);
  useWalkHash(audience ? undefined : model);
  useOpenKey(audience ? undefined : model);
  if (audience) {
    return (
      <Suspense fallback={cover}>
        <AudienceView channelKey={audience} />
      </Suspense>
    );
  }
  return open && model ? (
    <Suspense fallback={cover}>
      <PresenterView model={model} />
    </Suspense>
  ) : null;
}
