// A trace named by `?trace=<url>`: fetched through react-query, parsed in the
// worker. Every failure becomes a TraceProblem that says what happened.
import { readBodyChunks } from './readBody';
import { addressTerms, fetchChecked, lastSegment, type FetchProblem, type FetchTerms } from './fetchChecked';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParseResult } from '../core/trace/parse';
import type { TraceModel } from '../core/trace/model';
import type { TraceProblem } from '../core/trace/errors';
import { parseInEngine } from '../worker/engineClient';
import { traceSizeProblem } from '../core/trace/size';
import { useSettingsStore } from '../stores/settingsStore';

export class TraceFetchError extends Error {
  constructor(readonly problem: TraceProblem) {
    super(problem.message);
  }
}

const TERMS: FetchTerms = {
  ...addressTerms('Give ?trace= a full http(s) URL or a path on this server.'),
  peer: 'server',
  corsAdvice: '. Or download the file and drop it here.',
  statusHint: (status) => (status === 404 ? 'Check the link: the trace is not at that address.' : 'Try again, or download the file and drop it here.'),
  what: 'a trace',
  pageHint: 'Link to the raw .json file; many file hosts have a "raw" or "download" link for that.'
};

// Only the message and hint: a TraceProblem carries no status.
const fail = ({ message, hint }: FetchProblem) => new TraceFetchError({ message, hint });

/**
 * The body, refused as soon as it is known to be past the limit: by
 * Content-Length when the server sends one (a compressed body's length says
 * little, so then by the bytes), else by the bytes as they stream in.
 */
async function readCapped(response: Response, fileName: string, limit: number): Promise<Blob> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  const early = !encoded && Number.isFinite(declared) ? traceSizeProblem(fileName, declared, limit) : undefined;
  if (early) {
    void response.body?.cancel();
    throw new TraceFetchError(early);
  }
  if (!response.body) return response.blob();
  const { chunks } = await readBodyChunks(response.body, (n) => {
    const tooBig = traceSizeProblem(fileName, n, limit, true);
    if (tooBig) throw new TraceFetchError(tooBig);
  });
  return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? '' });
}

export async function fetchTrace(rawUrl: string, signal?: AbortSignal): Promise<{ result: ParseResult<TraceModel>; fileName: string }> {
  const { url, response } = await fetchChecked(rawUrl, TERMS, fail, signal);
  const fileName = lastSegment(url) ?? url.host;
  const blob = await readCapped(response, fileName, useSettingsStore.getState().maxTraceBytes);
  return { result: await parseInEngine(blob, fileName), fileName };
}

export const traceByUrlQuery = (url: string) =>
  queryOptions({
    queryKey: ['trace-by-url', url],
    queryFn: ({ signal }) => fetchTrace(url, signal),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false
  });

export function useTraceByUrl(url: string | undefined) {
  return useQuery({ ...traceByUrlQuery(url ?? ''), enabled: url !== undefined });
}
