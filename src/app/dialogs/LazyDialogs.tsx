// The share and export dialogs, loaded the first time one opens. They bring the capsule and link
// code (fflate, zod schemas), redaction, markdown-it and diff: a third of the app's script, none of
// it needed to show a trace, so the first paint does not wait for it (issue 11: ≤ 200 KB gzip).
// The service worker precaches their chunks too, so they still open offline.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { useViewStore, type Dialog } from '../../stores/viewStore';

const ShareDialog = lazy(() => import('../share/ShareDialog').then((m) => ({ default: m.ShareDialog })));
const PostmortemDialog = lazy(() => import('../export/PostmortemDialog').then((m) => ({ default: m.PostmortemDialog })));
const MinimizeDialog = lazy(() => import('../minimize/MinimizeDialog').then((m) => ({ default: m.MinimizeDialog })));
const RegressionTestDialog = lazy(() => import('../export/RegressionTestDialog').then((m) => ({ default: m.RegressionTestDialog })));

/**
 * Mounts its dialog once it is first asked for, and keeps it mounted: the dialog then opens
 * itself (Modal's showModal takes focus) as soon as its code has arrived, and later opens and
 * closes as it always did, with the native dialog restoring focus on close. No fallback: a modal
 * takes no room in the layout, so there is nothing to hold in place while it loads.
 */
function WhenAsked({ id, children }: { id: Exclude<Dialog, 'none'>; children: ReactNode }) {
  const asked = useViewStore((s) => s.dialog === id);
  const [mounted, setMounted] = useState(asked);
  if (asked && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function LazyDialogs({ model }: { model: TraceModel }) {
  return (
    <>
      <WhenAsked id="share">
        <ShareDialog model={model} />
      </WhenAsked>
      <WhenAsked id="postmortem">
        <PostmortemDialog model={model} />
      </WhenAsked>
      <WhenAsked id="regression-test">
        <RegressionTestDialog model={model} />
      </WhenAsked>
      <WhenAsked id="minimize">
        <MinimizeDialog model={model} />
      </WhenAsked>
    </>
  );
}
