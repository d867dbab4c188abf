// A flow source file named by `?source=<url>` or by the source URL template
// setting, fetched through react-query. The text is only read here; it lands
// in the source store marked as link code, so it is shown and runs only on
// Replay. Every failure becomes a SourceProblem that says what happened.
import { joinChunks, readBodyChunks } from './readBody';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressTerms, fetchChecked, lastSegment, type FetchProblem, type FetchTerms } from './fetchChecked';

/** Far above any hand-written flow; a bigger answer is not the file that was meant (or is meant to hurt). */
export const MAX_SOURCE_BYTES = 5 * 1024 * 1024;

/** What went wrong fetching a flow's source: a message, a hint and, for an HTTP error, its status. */
export type SourceProblem = FetchProblem;

export class SourceFetchError extends Error {
  constructor(readonly problem: SourceProblem) {
    super(problem.message);
  }
}

export interface FetchedSource {
  readonly name: string;
  readonly text: string;
  /** the URL as fetched (resolved, normalized) */
  readonly url: string;
}

const fail = (message: string, hint: string) => new SourceFetchError({ message, hint });

/** The URL's last path segment: "…/src/flows/checkout.ts" is checkout.ts. */
export const sourceNameOf = (url: URL): string => lastSegment(url) ?? 'flow.ts';

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** The body, read no further than the cap: a server may send gigabytes, or lie about the length. */
async function readCapped(response: Response, href: string): Promise<Uint8Array> {
  const tooBig = () => fail(`${href} is larger than ${mb(MAX_SOURCE_BYTES)}, the most Timescope reads as a flow's source.`, 'Link to the flow file itself, not a bundle or an archive.');
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_SOURCE_BYTES) throw tooBig();
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const { chunks, loaded } = await readBodyChunks(response.body, (n) => {
    if (n > MAX_SOURCE_BYTES) throw tooBig();
  });
  return joinChunks(chunks, loaded);
}

const RAW_HINT = 'Link to the raw file; many code hosts have a "raw" link for that.';
const TERMS: FetchTerms = {
  ...addressTerms('Give a full http(s) URL of the flow file, or a path on this server.'),
  peer: 'server',
  corsAdvice: '. Or download the file and drop it here.',
  statusHint: (status) => (status === 404 ? 'Check the address: no flow file is there.' : 'Try again, or download the file and drop it here.'),
  what: "a flow's source",
  pageHint: RAW_HINT
};

export async function fetchSource(rawUrl: string, signal?: AbortSignal): Promise<FetchedSource> {
  const { url, response } = await fetchChecked(rawUrl, TERMS, (p) => new SourceFetchError(p), signal);
  const bytes = await readCapped(response, url.href);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fail(`${url.href} is not text (it is not valid UTF-8), so it is not a flow's source.`, 'Link to the .ts or .js file itself.');
  }
  if (text.includes('\0')) throw fail(`${url.href} is a binary file, not a flow's source.`, 'Link to the .ts or .js file itself.');
  // A login or error page sent as text/plain is still a page.
  if (/^\s*(<!doctype html|<html[\s>])/i.test(text)) throw fail(`${url.href} is a web page, not a flow's source.`, RAW_HINT);
  if (!text.trim()) throw fail(`${url.href} is empty.`, 'Check the address; the server sent no code.');
  return { name: sourceNameOf(url), text, url: url.href };
}

export const sourceByUrlQuery = (url: string) =>
  queryOptions({
    queryKey: ['source-by-url', url],
    queryFn: ({ signal }) => fetchSource(url, signal),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false
  });

export function useSourceByUrl(url: string | undefined) {
  return useQuery({ ...sourceByUrlQuery(url ?? ''), enabled: url !== undefined });
}
