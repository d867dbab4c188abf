// The trace on screen, whichever way it came: a local load from the store, or
// react-query's fetch for ?trace=<url>. Panels read this, never both sources.
import { useMemo } from 'react';
import { useTraceStore, type LocalLoad } from '../../stores/traceStore';
import { TraceFetchError, useTraceByUrl } from '../../queries/traceByUrl';
import { loadFromParseResult } from '../open/openTrace';

export function useActiveTrace(): LocalLoad {
  const source = useTraceStore((s) => s.source);
  const local = useTraceStore((s) => s.local);
  const url = source.kind === 'url' ? source.url : undefined;
  const query = useTraceByUrl(url);
  const fetched = useMemo(() => (query.data ? loadFromParseResult(query.data.result, query.data.fileName) : undefined), [query.data]);

  if (url === undefined) return local;
  if (query.isPending) return { status: 'loading', label: `Fetching ${url}`, progress: undefined };
  if (query.isError) {
    const error = query.error;
    return {
      status: 'error',
      fileName: url,
      problem: error instanceof TraceFetchError ? error.problem : { message: error.message, hint: 'Try again, or download the file and drop it here.' }
    };
  }
  return fetched ?? local;
}

/** The model when a trace is open, for panels that only make sense with one. */
export function useModel() {
  const active = useActiveTrace();
  return active.status === 'ready' ? active.model : undefined;
}
