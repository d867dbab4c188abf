// A trace named by `?trace=<url>`: fetched through react-query, parsed in the
// worker. Every failure becomes a TraceProblem that says what happened.
import { readBodyChunks } from './readBody';
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

function fileNameOf(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop();
  return last ? decodeURIComponent(last) : url.host;
}

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
  let url: URL;
  try {
    url = new URL(rawUrl, window.location.href);
  } catch {
    throw new TraceFetchError({ message: `"${rawUrl}" is not a URL.`, hint: 'Give ?trace= a full http(s) URL or a path on this server.' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TraceFetchError({ message: `${url.protocol} URLs cannot be loaded; only http and https.`, hint: 'Give ?trace= a full http(s) URL or a path on this server.' });
  }
  let response: Response;
  try {
    response = await fetch(url, { signal, credentials: 'omit' });
  } catch (error) {
    if (signal?.aborted) throw error;
    const crossOrigin = url.origin !== window.location.origin;
    throw new TraceFetchError({
      message: crossOrigin
        ? `The browser could not read ${url.href}: the server is unreachable, or it refused this page (CORS).`
        : `Could not reach ${url.href}.`,
      hint: crossOrigin
        ? `The server must send Access-Control-Allow-Origin for ${window.location.origin}. Or download the file and drop it here.`
        : 'Check that the server is running, then try again.'
    });
  }
  if (!response.ok) {
    throw new TraceFetchError({
      message: `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''} for ${url.href}.`,
      hint: response.status === 404 ? 'Check the link: the trace is not at that address.' : 'Try again, or download the file and drop it here.'
    });
  }
  const type = response.headers.get('content-type') ?? '';
  if (/text\/html/i.test(type)) {
    throw new TraceFetchError({
      message: `${url.href} is a web page (${type.split(';')[0]}), not a trace.`,
      hint: 'Link to the raw .json file; many file hosts have a "raw" or "download" link for that.'
    });
  }
  const fileName = fileNameOf(url);
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
