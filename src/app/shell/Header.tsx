import type { LocalLoad } from '../../stores/traceStore';
import { useTraceStore } from '../../stores/traceStore';
import { useViewStore } from '../../stores/viewStore';
import { useThemeStore } from '../../stores/themeStore';
import { useReplayStore } from '../../stores/replayStore';
import { productionOutcome, proofText } from '../../core/verdict/verdict';
import { formatMs } from '../../core/present/step-text';
import { openFiles } from '../open/loading';
import { ForgetButton } from './ForgetButton';
import { SettingsButton } from '../dialogs/SettingsDialog';
import { ACCEPTED_FILES, FILE_INPUT_ID, pickFiles } from '../../components/filePicker';
import { FolderInput } from '../../components/FolderInput';
import { WalkthroughButton } from '../../panels/walkthrough/WalkthroughButton';
import { useCompareStore } from '../../stores/compareStore';
import { CompareWithButton } from '../../panels/compare/CompareWith';
import { OverflowBar, type BarAction } from '../../components/OverflowBar';

const button = 'rounded border border-line px-2 py-1 text-[12px] hover:bg-raised';

/**
 * Production's outcome, and how it is known: a recorded throw proves a Failure; otherwise the replay
 * of the recorded code with the recorded context does (the one on load, kept as the baseline).
 */
function ProductionOutcome({ model }: { model: Extract<LocalLoad, { status: 'ready' }>['model'] }) {
  const baseline = useReplayStore((s) => s.baseline);
  const carried = useReplayStore((s) => s.baselineCarried);
  const production = productionOutcome(model.outcome, baseline);
  if (!production) return <span className="text-muted" title="The trace does not prove it: the replay of the recorded code will">outcome: replay to see</span>;
  const proof = `${proofText(production.proof)}${production.proof === 'replay' && carried ? ' (the replay that came with the link)' : ''}`;
  const ok = production.outcome.type === 'Success';
  return (
    <span className={`font-semibold ${ok ? 'text-ok' : 'text-err'}`} title={`Production's outcome, ${proof}`} data-testid="production-outcome" data-proof={production.proof}>
      {ok ? '✓ Success' : '✗ Failure'}
      {production.proof === 'replay' && <span className="font-normal text-muted"> (replayed)</span>}
    </span>
  );
}

function TraceTitle({ load }: { load: Extract<LocalLoad, { status: 'ready' }> }) {
  const m = load.model;
  return (
    // The page's one level-one heading while a trace is open (the empty and error states have their own).
    // The flow's name never gives way to the figures after it (at 1024 px it did, to nothing): up to 24 characters show.
    <h1 className="flex min-w-0 items-center gap-2 truncate font-mono text-[12px]" title={load.fileName}>
      <span className="max-w-[24ch] shrink-0 truncate font-semibold">{m.flowName ?? load.fileName}</span>
      {/* Below 1280 px the word "build" gives way, so the flow's name keeps its room; the title still says it. */}
      {m.version && (
        <span className="text-muted" title={`Recorded at build ${m.version}`}>
          @ <span className="hidden xl:inline">build </span>
          {m.version}
        </span>
      )}
      <span className="text-muted">·</span>
      <span>
        {m.steps.length.toLocaleString('en-US')} {m.steps.length === 1 ? 'step' : 'steps'}
        {m.errorSteps.length > 0 && <span className="text-err"> · {m.errorSteps.length.toLocaleString('en-US')} threw</span>}
      </span>
      <span className="text-muted">·</span>
      <span title="Elapsed time of the recorded steps">{formatMs(m.wallMs)}</span>
      <span className="text-muted">·</span>
      <ProductionOutcome model={m} />
    </h1>
  );
}

export function Header({ active }: { active: LocalLoad }) {
  const openDialog = useViewStore((s) => s.openDialog);
  const collection = useTraceStore((s) => s.collection);
  const backToCollection = useTraceStore((s) => s.backToCollection);
  const theme = useThemeStore((s) => s.choice);
  const cycleTheme = useThemeStore((s) => s.cycle);
  // The Compare view names both runs in its own heading.
  const comparing = useCompareStore((s) => s.comparison !== undefined);
  const ready = active.status === 'ready' && !comparing;
  // In the row's order; `priority` says which overflow into More… first (the highest number).
  const actions: BarAction[] = [];
  const add = (a: BarAction | false | undefined | null) => a && actions.push(a);
  add(
    collection &&
      ready && {
        id: 'all-traces',
        label: '← All traces',
        priority: 2,
        node: (
          <button type="button" className={button} onClick={backToCollection}>
            ← All traces
          </button>
        )
      }
  );
  add(active.status === 'ready' && !comparing && { id: 'compare', label: 'Compare with…', priority: 4, node: <CompareWithButton model={active.model} className={button} /> });
  add(
    ready && {
      id: 'share',
      label: 'Share',
      priority: 1,
      node: (
        <button type="button" className={button} onClick={() => openDialog('share')} title="A link or a capsule of this incident, redacted">
          Share
        </button>
      )
    }
  );
  add(
    ready && {
      id: 'minimize',
      label: 'Minimize',
      priority: 3,
      node: (
        <button type="button" className={button} onClick={() => openDialog('minimize')} title="The smallest incident that still fails the same way">
          Minimize
        </button>
      )
    }
  );
  add(active.status === 'ready' && { id: 'walkthrough', label: 'Walkthrough (w)', priority: 5, node: <WalkthroughButton model={active.model} className={button} /> });
  // Close and Forget stay in the row: Forget asks in place, and its question must show there.
  add({ id: 'forget', label: 'Forget', priority: 0, pinned: true, node: <ForgetButton /> });
  add({
    id: 'open',
    label: 'Open',
    priority: 0,
    node: (
      <button type="button" className={button} onClick={pickFiles}>
        Open
      </button>
    )
  });
  add({
    id: 'paste',
    label: 'Paste',
    priority: 3,
    node: (
      <button type="button" className={button} onClick={() => openDialog('paste')}>
        Paste
      </button>
    )
  });
  add({
    id: 'url',
    label: 'URL',
    priority: 3,
    node: (
      <button type="button" className={button} onClick={() => openDialog('url')}>
        URL
      </button>
    )
  });
  add({
    id: 'theme',
    label: `Theme: ${theme}. Change theme`,
    priority: 6,
    node: (
      <button type="button" className={button} onClick={cycleTheme} aria-label={`Theme: ${theme}. Change theme`} title={`Theme: ${theme}`}>
        <span aria-hidden>{theme === 'system' ? '◐' : theme === 'dark' ? '☾' : '☀'}</span>
      </button>
    )
  });
  add({ id: 'settings', label: 'Settings', priority: 6, node: <SettingsButton className={button} /> });
  add({
    id: 'shortcuts',
    label: 'Keyboard shortcuts',
    priority: 6,
    node: (
      <button type="button" className={button} onClick={() => openDialog('shortcuts')} aria-label="Keyboard shortcuts">
        ?
      </button>
    )
  });
  return (
    <header className="flex h-10 shrink-0 items-center gap-3 border-b border-line bg-panel px-3">
      <a href="./" className="flex shrink-0 items-center gap-1.5 font-semibold" aria-label="Timescope home">
        <span aria-hidden className="text-accent">◷</span> Timescope
      </a>
      {/* The title takes what it needs up to 60% of the row (at 1024 px, all of it up to "✗ Failure"); the
          actions the rest, and what does not fit goes into More…. */}
      <div className="min-w-0 max-w-[60%] shrink">{ready && <TraceTitle load={active} />}</div>
      <input
        id={FILE_INPUT_ID}
        type="file"
        multiple
        accept={ACCEPTED_FILES}
        aria-label="Open trace or source files"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          if (files.length) void openFiles(files);
        }}
      />
      <FolderInput onFiles={(files) => void openFiles(files)} />
      <OverflowBar label="Open" actions={actions} className="flex-1" />
    </header>
  );
}
