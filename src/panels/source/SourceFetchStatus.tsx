// Where the code will be while it is fetched by URL (?source= or the source
// URL template setting): the URL being fetched, or what went wrong with it,
// with Retry. 'empty' sits in the empty source pane; 'strip' above a file
// that is about to be replaced. Reads sourceFetchStore; fetches nothing.
import { useSourceFetchStore } from '../../stores/sourceFetchStore';
import { useViewStore } from '../../stores/viewStore';

const button = 'rounded border border-line px-2 py-1 text-[12px] hover:bg-raised';

export function SourceFetchStatus({ layout }: { layout: 'empty' | 'strip' }) {
  const fetch = useSourceFetchStore((s) => s.fetch);
  if (fetch.status === 'idle') return null;
  const frame = layout === 'strip' ? 'shrink-0 border-b border-line px-2 py-1.5 text-left' : 'mb-4 text-center';
  if (fetch.status === 'loading') {
    return (
      <p aria-live="polite" data-testid="source-fetch" className={`${frame} text-[12px] text-muted`}>
        Fetching the flow source from <span className="break-all font-mono text-fg">{fetch.url}</span>…
      </p>
    );
  }
  return (
    <div role="alert" aria-label="Could not fetch the flow source" data-testid="source-fetch" className={`${frame} text-[12px]`}>
      <p className="font-semibold text-err">Could not fetch the flow source</p>
      <p className="mt-1 break-words">{fetch.message}</p>
      <p className="mt-1 text-muted">{fetch.hint}</p>
      <div className={`mt-2 flex gap-2 ${layout === 'empty' ? 'justify-center' : ''}`}>
        {fetch.url !== undefined && (
          <button type="button" className={button} onClick={() => useSourceFetchStore.getState().retry()}>
            Retry
          </button>
        )}
        {fetch.via === 'template' && (
          <button type="button" className={button} onClick={() => useViewStore.getState().openDialog('settings')}>
            Settings…
          </button>
        )}
      </div>
    </div>
  );
}
