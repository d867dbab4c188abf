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
import { useEffect, useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { audienceKeyOf } from '../../core/walkthrough/protocol';
import { useWalkthroughStore } from '../../stores/walkthroughStore';
import { PresenterView } from './PresenterView';
import { AudienceView } from './AudienceView';
import { useWalkHash } from './useWalkHash';
import { useOpenKey } from './useOpenKey';

export function Walkthrough({ model }: { model: TraceModel | undefined }) {
  const audience = useMemo(() => audienceKeyOf(window.location.search), []);
  const open = useWalkthroughStore((s) => s.open);
  useEffect(() => {
    if (audience) useWalkthroughStore.getState().becomeAudience();
  }, [audience]);
  useWalkHash(audience ? undefined : model);
  useOpenKey(audience ? undefined : model);
  if (audience) return <AudienceView channelKey={audience} />;
  return open && model ? <PresenterView model={model} /> : null;
}
