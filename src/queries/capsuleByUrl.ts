// The file named by `?capsule=<url>`: fetched through react-query as bytes (still ciphertext; the
// key never goes into the cache), with progress and a cap. Every failure becomes a TraceProblem
// that says what happened, as for ?trace= (traceByUrl.ts).
import { joinChunks, readBodyChunks } from './readBody';
import { queryOptions } from '@tanstack/react-query';
import { fetchChecked, lastSegment, type FetchTerms } from './fetchChecked';
import type { TraceProblem } from '../core/trace/errors';
import { DEFAULT_MAX_ENCRYPTED_BYTES } from '../core/share/encrypted';
import { sizeText } from '../core/share/sizeText';
import type { ParseProgress } from '../worker/engineClient';

export class CapsuleFetchError extends Error {
  constructor(readonly problem: TraceProblem) {
    super(problem.message);
  }
}

export interface FetchedCapsule {
  readonly bytes: Uint8Array;
  readonly url: string;
}

/** The text form (base64url lines) is 4/3 the size of the bytes, plus its line ends and frame. */
const MAX_FETCH_BYTES = Math.ceil((DEFAULT_MAX_ENCRYPTED_BYTES * 4) / 3) + 8 * 1024 * 1024;

const ASK_AGAIN = 'Ask for the link again, or for the plain capsule (.zip) instead. This page still works: open a trace of your own.';

/** How to name the capsule on screen: its file name, else its host. */
export function capsuleFileName(rawUrl: string): string {
  try {
    const url = new URL(rawUrl, window.location.href);
    return lastSegment(url) ?? url.host;
  } catch {
    return 'the encrypted capsule';
  }
}

function statusHint(status: number): string {
  if (status === 404 || status === 410) return 'Nothing is at that address: the file was moved or deleted, or the link was cut. ' + ASK_AGAIN;
  if (status === 401 || status === 403) {
    return 'The host refused to hand the file out: it needs a sign-in this page cannot give. The file must be readable by anyone with its address (it is encrypted, so that is safe), or ask for the plain capsule (.zip).';
  }
  return 'Try again later. ' + ASK_AGAIN;
}

const TERMS: FetchTerms = {
  notUrl: (raw) => ({ message: `The link's ?capsule= is "${raw}", which is not a URL.`, hint: 'It should be the full http(s) address of the hosted file. ' + ASK_AGAIN }),
  notHttp: (protocol) => ({ message: `The link's ?capsule= is a ${protocol} URL; an encrypted capsule is fetched only over http or https.`, hint: ASK_AGAIN }),
  peer: 'host',
  corsAdvice: " (a gist's raw link does; a bucket needs it set). Or ask for the plain capsule (.zip).",
  statusHint,
  what: 'the encrypted capsule',
  pageHint: 'The link must point at the raw file; many hosts (gists, wikis) have a "raw" or "download" link for that.'
};

async function readCapped(response: Response, url: string, onProgress?: (p: ParseProgress) => void): Promise<Uint8Array> {
  const tooBig = (size: string) =>
    new CapsuleFetchError({ message: `${url} is ${size}, more than the ${sizeText(MAX_FETCH_BYTES)} Timescope fetches for an encrypted capsule.`, hint: 'This is no capsule Timescope made. ' + ASK_AGAIN });
  const declared = Number(response.headers.get('content-length') ?? '');
  if (declared > MAX_FETCH_BYTES) throw tooBig(sizeText(declared));
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const { chunks, loaded } = await readBodyChunks(
    response.body,
    (n) => {
      if (n > MAX_FETCH_BYTES) throw tooBig(`over ${sizeText(MAX_FETCH_BYTES)}`);
    },
    // Only with a length to measure against: a bare byte count makes no progress bar.
    (n) => declared > 0 && onProgress?.({ phase: 'reading', loaded: n, total: Math.max(declared, n) })
  );
  return joinChunks(chunks, loaded);
}

export async function fetchCapsule(rawUrl: string, signal?: AbortSignal, onProgress?: (p: ParseProgress) => void): Promise<FetchedCapsule> {
  const { url, response } = await fetchChecked(rawUrl, TERMS, ({ message, hint }) => new CapsuleFetchError({ message, hint }), signal);
  return { bytes: await readCapped(response, url.href, onProgress), url: url.href };
}

/** The fetch, as a query: not cached past its use, since the bytes are the incident's (sealed, but large). */
export const capsuleByUrlQuery = (url: string, onProgress?: (p: ParseProgress) => void) =>
  queryOptions({
    queryKey: ['capsule-by-url', url],
    queryFn: ({ signal }) => fetchCapsule(url, signal, onProgress),
    staleTime: 0,
    gcTime: 0,
    retry: false
  });
