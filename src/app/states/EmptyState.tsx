import { openDemo } from '../open/loading';
import { useViewStore } from '../../stores/viewStore';
import { useSourceStore } from '../../stores/sourceStore';
import { pickFiles } from '../../components/filePicker';
import { pickFolder } from '../../components/FolderInput';
import { RecentIncidents } from './RecentIncidents';
import { StepRefNotice } from '../shell/StepRefNotice';

export function EmptyState() {
  const openDialog = useViewStore((s) => s.openDialog);
  const sources = useSourceStore((s) => s.files.length);
  return (
    // my-auto centres the card, and the recent list under it, yet lets a long list scroll from the top.
    <div className="flex h-full flex-col items-center overflow-auto p-6">
      <div className="my-auto flex w-full flex-col items-center gap-6">
        <StepRefNotice empty />
        <div className="w-full max-w-lg rounded-lg border border-dashed border-line bg-panel p-8 text-center">
          <h1 className="text-lg font-semibold">Drop a pure-effect trace here</h1>
          <p className="mt-1 text-muted">Add the flow&apos;s .ts or .js file with it to see its source beside each step.</p>
          {sources > 0 && <p className="mt-2 text-[12px] text-ok">✓ {sources} source {sources === 1 ? 'file' : 'files'} loaded; now add the trace.</p>}
          <div className="mt-5 flex flex-wrap justify-center gap-2">
            <button type="button" className="rounded bg-accent px-3 py-1.5 font-medium text-white dark:text-bg" onClick={pickFiles}>
              Open file…
            </button>
            <button type="button" className="rounded border border-line px-3 py-1.5 hover:bg-raised" onClick={pickFolder} title="A folder of traces or capsules, to replay all against a change">
              Open folder…
            </button>
            <button type="button" className="rounded border border-line px-3 py-1.5 hover:bg-raised" onClick={() => openDialog('paste')}>
              Paste JSON
            </button>
            <button type="button" className="rounded border border-line px-3 py-1.5 hover:bg-raised" onClick={() => openDialog('url')}>
              Open URL
            </button>
          </div>
          <button type="button" className="mt-4 rounded border border-accent/60 px-3 py-1.5 text-accent hover:bg-accent-soft" onClick={() => void openDemo()}>
            Try the demo incident: a 100% promo breaks checkout
          </button>
          <p className="mt-6 text-[12px] text-muted">Traces stay in this browser. Nothing is uploaded unless you share a link.</p>
        </div>
        <RecentIncidents />
      </div>
    </div>
  );
}
