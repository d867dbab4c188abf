// The shell: header, warnings, the three panes, the bottom bar, and the
// overlays. Panels talk through stores; this file only lays them out.
import { lazy, Suspense, useDeferredValue, useEffect, useLayoutEffect } from 'react';
import { WorkspaceView, WorkspaceFallback } from './lazyWorkspace';
import { useWarmWorkspace } from './warmWorkspace';
import { useTraceStore } from '../../stores/traceStore';
import { useActiveTrace } from './useActiveTrace';
import { useThemeSync } from './useThemeSync';
import { useSourceUrl } from '../open/useSourceUrl';
import { useKeyboard } from '../navigation/useKeyboard';
import { drawnTrace, startTrace } from './traceStart';
import { useStepHash } from '../navigation/useStepHash';
import { useReplayWarmUp } from '../replay/useReplayWarmUp';
import { useReplayPrime } from '../replay/useReplayPrime';
import { useSessionPersistence } from '../../persist/useSessionPersistence';
import { useAutoReplay, useReplayRequests } from '../replay/useAutoReplay';
import { useLogpointReplay } from '../replay/useLogpointReplay';
import { useHoverEvaluation } from '../replay/useHoverEvaluation';
import { Header } from './Header';
import { Banners } from './Banners';
import { StepRefNotice } from './StepRefNotice';
import { BottomBar } from './BottomBar';
import { LiveRegion } from './LiveRegion';
import { LazyWhatIfDialog } from '../dialogs/LazyWhatIfDialog';
import { Dialogs } from '../dialogs/Dialogs';
import { DropZone } from './DropZone';
import { EmptyState } from '../states/EmptyState';
import { LoadingView } from '../states/LoadingView';
import { ErrorCard } from '../states/ErrorCard';
import { TracePicker } from '../states/TracePicker';
import { VerdictBanner } from '../../panels/replay/VerdictBanner';
import { ExportPicker } from '../../panels/replay/ExportPicker';
import { openIncidentInAddress } from '../open/sharedIncident';
import { useCapsuleUrl } from '../open/useCapsuleUrl';
import { ReceivedBanner } from '../share/ReceivedBanner';
import { LazyDialogs } from '../dialogs/LazyDialogs';
import { Walkthrough } from '../../panels/walkthrough/Walkthrough';
import { useCompareStore } from '../../stores/compareStore';
import { CompareProblem } from '../../panels/compare/CompareWith';

/** A shared `#incident=` link opens on first load, and when one is pasted into the address bar. */
function useIncidentLink() {
  useEffect(() => {
    const read = () => void openIncidentInAddress();
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
}

/** ?trace=<url> on first load opens that trace. */
function useTraceUrlParam() {
  useEffect(() => {
    const read = () => {
      const url = new URL(window.location.href).searchParams.get('trace');
      if (url) useTraceStore.getState().openUrl(url);
    };
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);
}

// Loaded when two runs are first compared: its rows, diff and source markers are no part of the
// first paint, which must stay within 200 KB gzip (issue 11).
const CompareView = lazy(() => import('../../panels/compare/CompareView').then((m) => ({ default: m.CompareView })));

export function App() {
  const theme = useThemeSync();
  // Deferred: a newly opened trace renders at transition priority, in slices the browser can
  // paint between, instead of in one long task (the commit is still one, and AfterPaint splits it).
  const active = useDeferredValue(useActiveTrace());
  const model = active.status === 'ready' ? active.model : undefined;
  const comparing = useCompareStore((s) => s.comparison !== undefined);
  // Each trace has its own edits, chosen export, replay result, notes, what-ifs, logpoints and
  // opening step (traceStart.ts): set here when this trace replaced another on screen, or came
  // by URL; a local load onto an empty screen had them set before this render.
  useLayoutEffect(() => drawnTrace(model), [model]);
  useEffect(() => {
    if (model) startTrace(model);
  }, [model]);
  useTraceUrlParam();
  useSourceUrl(model);
  // After ?trace=: a capsule link's loading view replaces that fetch, should a link carry both.
  useCapsuleUrl();
  useIncidentLink();
  useSessionPersistence();
  useKeyboard(model);
  useStepHash(model);
  useReplayWarmUp();
  useWarmWorkspace();
  useAutoReplay(model);
  useReplayPrime(model);
  useReplayRequests(model);
  useLogpointReplay(model);
  useHoverEvaluation(model);
  return (
    <div className="flex h-full flex-col">
      <Header active={active} />
      {model && <ReceivedBanner model={model} />}
      {model && <StepRefNotice />}
      {model && <Banners model={model} />}
      {model && !comparing && <VerdictBanner model={model} />}
      <CompareProblem />
      <main className="flex min-h-0 flex-1 flex-col">
        {comparing ? (
          <Suspense fallback={<p className="p-4 text-sm text-muted">Opening the comparison…</p>}>
            <CompareView theme={theme} canShare={model !== undefined} />
          </Suspense>
        ) : active.status === 'ready' ? (
          <Suspense fallback={<WorkspaceFallback />}>
            <WorkspaceView model={active.model} theme={theme} />
          </Suspense>
        ) : active.status === 'loading' ? (
          <LoadingView label={active.label} progress={active.progress} />
        ) : active.status === 'error' ? (
          <ErrorCard problem={active.problem} fileName={active.fileName} />
        ) : active.status === 'picking' ? (
          <TracePicker load={active} />
        ) : (
          <EmptyState />
        )}
      </main>
      {model && !comparing && <BottomBar model={model} />}
      <LiveRegion model={model} />
      <Dialogs />
      {model && <LazyWhatIfDialog model={model} />}
      {model && <ExportPicker model={model} />}
      {model && <LazyDialogs model={model} />}
      <DropZone />
      <Walkthrough model={model} />
    </div>
  );
}
