// The workspace a loaded trace shows: the step list and the step's details in one column, the
// source beside them, the narration or the logpoints' Logs below. A module of its own, loaded while the empty screen
// waits (warmWorkspace.ts), so the empty screen's first paint does not carry it.
import { Group, Panel, Separator, type PanelSpec } from '../../components/split/Split';
import { useSavedLayout } from './useSavedLayout';
import { AfterPaint } from '../../components/AfterPaint';
import type { TraceModel } from '../../core/trace/model';
import { useViewStore } from '../../stores/viewStore';
import { useStepsViewStore } from '../../stores/stepsViewStore';
import { Timeline } from '../../panels/timeline/Timeline';
import { Inspector } from '../../panels/inspector/Inspector';
import { SourcePanel } from '../../panels/source/SourcePanel';
import { NarrationDrawer } from '../../panels/narration/NarrationDrawer';
import { LogsPanel } from '../../panels/logs/LogsPanel';
import { ErrorBoundary } from './ErrorBoundary';

/** The work area above, the narration or the logs below while open; the steps and details beside the source. */
const WORK: PanelSpec = { id: 'work', minSize: 40 };
const ROWS_WITH_DRAWER: readonly PanelSpec[] = [WORK, { id: 'narration', defaultSize: 26, minSize: 12, maxSize: 50 }];
const ROWS_WITHOUT: readonly PanelSpec[] = [WORK];
const COLUMNS: readonly PanelSpec[] = [
  { id: 'side', defaultSize: 36, minSize: 22, maxSize: 60 },
  { id: 'source', minSize: 35 }
];

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
export function Workspace({ model, theme }: { model: TraceModel; theme: 'dark' | 'light' }) {
  const narrationOpen = useViewStore((s) => s.narrationOpen);
  const drawer = useViewStore((s) => s.drawer);
  const waterfall = useStepsViewStore((s) => s.view === 'waterfall');
  const columns = useSavedLayout('timescope.columns.v2');
  const rowPanels = narrationOpen ? ROWS_WITH_DRAWER : ROWS_WITHOUT;
  const rows = useSavedLayout('timescope.rows.v2', rowPanels.map((p) => p.id));
  const steps = (
    <ErrorBoundary area="step list">
      <Timeline model={model} />
    </ErrorBoundary>
  );
  return (
    <Group orientation="vertical" panels={rowPanels} defaultLayout={rows.defaultLayout} onLayoutChanged={rows.onLayoutChanged} className="min-h-0 flex-1">
      <Panel id="work">
        <div className="flex h-full min-h-0 flex-col">
          {waterfall && (
            <div className="flex max-h-[45%] min-h-0 shrink-0 flex-col border-b border-line" data-testid="steps-band">
              {steps}
            </div>
          )}
          <Group orientation="horizontal" panels={COLUMNS} defaultLayout={columns.defaultLayout} onLayoutChanged={columns.onLayoutChanged} className="min-h-0 flex-1">
            <Panel id="side">
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
            <Separator controls="side" className={handle} aria-label="Resize steps and source" />
            <Panel id="source">
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
          <Separator controls="work" className={handleRow} aria-label={drawer === 'logs' ? 'Resize logs' : 'Resize narration'} />
          <Panel id="narration">
            {drawer === 'logs' ? (
              <ErrorBoundary area="logs">
                <LogsPanel model={model} />
              </ErrorBoundary>
            ) : (
              <ErrorBoundary area="narration">
                <NarrationDrawer model={model} />
              </ErrorBoundary>
            )}
          </Panel>
        </>
      )}
    </Group>
  );
}
