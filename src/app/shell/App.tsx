// The shell: header, warnings, the three panes, the bottom bar, and the
// overlays. Panels talk through stores; this file only lays them out.
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { AfterPaint } from '../../components/AfterPaint';
import { warmEngine } from '../../worker/engineClient';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import type { TraceModel } from '../../core/trace/model';
import { useTraceStore } from '../../stores/traceStore';
import { useViewStore } from '../../stores/viewStore';
import { useStepsViewStore } from '../../stores/stepsViewStore';
import { Timeline } from '../../panels/timeline/Timeline';
import { Inspector } from '../../panels/inspector/Inspector';
import { SourcePanel } from '../../panels/source/SourcePanel';
import { NarrationDrawer } from '../../panels/narration/NarrationDrawer';
import { useActiveTrace } from './useActiveTrace';
import { useThemeSync } from './useThemeSync';
import { useSourceUrl } from '../open/useSourceUrl';
import { useKeyboard } from '../navigation/useKeyboard';
import { useStepHash } from '../navigation/useStepHash';
import { useReplayWarmUp } from '../replay/useReplayWarmUp';
import { useSessionPersistence } from '../../persist/useSessionPersistence';
import { useAutoReplay, useReplayRequests } from '../replay/useAutoReplay';
import { ErrorBoundary } from './ErrorBoundary';
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
import { useReplayStore } from '../../stores/replayStore';
import { useWhatIfStore } from '../../stores/whatIfStore';
import { useNotesStore } from '../../stores/notesStore';
import { openIncidentInAddress } from '../open/sharedIncident';
import { useCapsuleUrl } from '../open/useCapsuleUrl';
import { ReceivedBanner } from '../share/ReceivedBanner';
import { LazyDialogs } from '../dialogs/LazyDialogs';
import { traceIdentity } from '../../core/trace/identity';
import { Walkthrough } from '../../panels/walkthrough/Walkthrough';
import { useCompareStore } from '../../stores/compareStore';
import { CompareProblem } from '../../panels/compare/CompareWith';

const handle = 'w-1 bg-line transition-colors hover:bg-accent data-[separator=active]:bg-accent focus-visible:bg-accent';
const handleRow = 'h-1 bg-line transition-colors hover:bg-accent data-[separator=active]:bg-accent focus-visible:bg-accent';

/**
 * The source gets the room: the step list and the selected step's details share one column, the
 * list as tall as its rows up to a cap, and the editor takes the rest of the width. The waterfall
 * is time across: in a 500 px column its bars were slivers, so while it is shown the Steps panel
 * spans the whole width above the details and the source (as Jaeger and Perfetto lay a trace out).
 * The details and the source keep their place in the tree either way, so switching views never
 * mounts the editor again; only the Steps panel moves.
 */
function Workspace({ model, theme }: { model: TraceModel; theme: 'dark' | 'light' }) {
  const narrationOpen = useViewStore((s) => s.narrationOpen);
  const waterfall = useStepsViewStore((s) => s.view === 'waterfall');
  const columns = useDefaultLayout({ id: 'timescope.columns.v2', storage: localStorage });
  const rows = useDefaultLayout({ id: 'timescope.rows.v2', storage: localStorage, panelIds: narrationOpen ? ['work', 'narration'] : ['work'] });
  const steps = (
    <ErrorBoundary area="step list">
      <Timeline model={model} />
    </ErrorBoundary>
  );
  return (
    <Group orientation="vertical" id="timescope.rows.v2" defaultLayout={rows.defaultLayout} onLayoutChanged={rows.onLayoutChanged} className="min-h-0 flex-1">
      <Panel id="work" minSize="40%">
        <div className="flex h-full min-h-0 flex-col">
          {waterfall && (
            <div className="flex max-h-[45%] min-h-0 shrink-0 flex-col border-b border-line" data-testid="steps-band">
              {steps}
            </div>
          )}
          <Group orientation="horizontal" id="timescope.columns.v2" defaultLayout={columns.defaultLayout} onLayoutChanged={columns.onLayoutChanged} className="min-h-0 flex-1">
            <Panel id="side" defaultSize="36%" minSize="22%" maxSize="60%">
              <div className="flex h-full min-h-0 flex-col">
                {!waterfall && <div className="flex max-h-[45%] min-h-0 shrink-0 flex-col border-b border-line">{steps}</div>}
                <div className="min-h-0 flex-1">
                  <ErrorBoundary area="step details">
                    <AfterPaint>
                      <Inspector model={model} />
                    </AfterPaint>
                  </ErrorBoundary>
                </div>
              </div>
            </Panel>
            <Separator className={handle} aria-label="Resize steps and source" />
            <Panel id="source" minSize="35%">
              <ErrorBoundary area="source view">
                <AfterPaint order={2}>
                  <SourcePanel model={model} theme={theme} />
                </AfterPaint>
              </ErrorBoundary>
            </Panel>
          </Group>
        </div>
      </Panel>
      {narrationOpen && (
        <>
          <Separator className={handleRow} aria-label="Resize narration" />
          <Panel id="narration" defaultSize="26%" minSize="12%" maxSize="50%">
            <ErrorBoundary area="narration">
              <NarrationDrawer model={model} />
            </ErrorBoundary>
          </Panel>
        </>
      )}
    </Group>
  );
}

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
  useTraceUrlParam();
  useSourceUrl(model);
  // After ?trace=: a capsule link's loading view replaces that fetch, should a link carry both.
  useCapsuleUrl();
  useIncidentLink();
  useSessionPersistence();
  useKeyboard(model);
  useStepHash(model);
  useReplayWarmUp();
  // A trace engine waits ready, so the first file opened does not wait for a worker to start;
  // started after the first paint, whose bytes it would otherwise share (~13 KB gzip).
  useEffect(() => {
    const timer = setTimeout(warmEngine, 1_000);
    return () => clearTimeout(timer);
  }, []);
  useAutoReplay(model);
  useReplayRequests(model);
  // Each trace has its own edits, chosen export, replay result, notes and what-ifs. A trace already
  // open in a store stays as it is: a shared incident opened it with what it carried (openIncident),
  // and the same trace opened again keeps its run and context.
  useEffect(() => {
    if (!model) return;
    const id = traceIdentity(model);
    // What a corpus row carries (the flow and what-ifs it was replayed with) is taken even by the trace already open.
    const replay = useReplayStore.getState();
    if (replay.traceId !== id || replay.carried) replay.openTrace(id);
    const whatIf = useWhatIfStore.getState();
    if (whatIf.traceId !== id || whatIf.carried) whatIf.openTrace(id);
    const notes = useNotesStore.getState();
    if (notes.traceId !== id) notes.openTrace(id);
  }, [model]);

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
          <Workspace model={active.model} theme={theme} />
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
