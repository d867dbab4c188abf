// The part every fetch by URL shares (?trace=, ?source= and the template,
// ?capsule=): the address read, http(s) only, no cookies sent, and each way
// it can go wrong (no URL, another scheme, unreachable or refused by CORS, an
// HTTP error, a web page instead of the file) turned into a problem in the
// caller's words. Reading the body, with its own cap, stays with the caller.

export interface FetchProblem {
  readonly message: string;
  readonly hint: string;
  /** the HTTP status, when the server answered with an error */
  readonly status?: number;
}

/** How one kind of fetch words its problems. */
export interface FetchTerms {
  notUrl(raw: string): Omit<FetchProblem, 'status'>;
  notHttp(protocol: string): Omit<FetchProblem, 'status'>;
  /** who answers: 'server' for a trace or source, 'host' for a hosted capsule */
  readonly peer: 'server' | 'host';
  /** what follows "The <peer> must send Access-Control-Allow-Origin for <origin>" */
  readonly corsAdvice: string;
  statusHint(status: number): string;
  /** what was expected instead of a web page: 'a trace', "a flow's source" */
  readonly what: string;
  readonly pageHint: string;
}

/** How a trace or a flow's source refuses an address: "… is not a URL", "… URLs cannot be loaded", with one hint. */
export function addressTerms(hint: string): Pick<FetchTerms, 'notUrl' | 'notHttp'> {
  return {
    notUrl: (raw) => ({ message: `"${raw}" is not a URL.`, hint }),
    notHttp: (protocol) => ({ message: `${protocol} URLs cannot be loaded; only http and https.`, hint })
  };
}

/** Where this page is: relative URLs resolve against it, and a fetch elsewhere is cross-origin. */
export interface Here {
  readonly href: string;
  readonly origin: string;
}

/** The response of a GET of `rawUrl` that answered OK with something other than a web page. */
export async function fetchChecked(rawUrl: string, terms: FetchTerms, fail: (problem: FetchProblem) => Error, signal?: AbortSignal, here: Here = window.location): Promise<{ url: URL; response: Response }> {
  let url: URL;
  try {
    url = new URL(rawUrl, here.href);
  } catch {
    throw fail(terms.notUrl(rawUrl));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail(terms.notHttp(url.protocol));
  let response: Response;
  try {
    response = await fetch(url, { signal, credentials: 'omit' });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (url.origin === here.origin) throw fail({ message: `Could not reach ${url.href}.`, hint: 'Check that the server is running, then try again.' });
    throw fail({
      message: `The browser could not read ${url.href}: the ${terms.peer} is unreachable, or it refused this page (CORS).`,
      hint: `The ${terms.peer} must send Access-Control-Allow-Origin for ${here.origin}${terms.corsAdvice}`
    });
  }
  if (!response.ok) {
    void response.body?.cancel();
    const status = response.status;
    throw fail({ message: `The ${terms.peer} answered ${status}${response.statusText ? ` ${response.statusText}` : ''} for ${url.href}.`, hint: terms.statusHint(status), status });
  }
  const type = response.headers.get('content-type') ?? '';
  if (/text\/html|application\/xhtml/i.test(type)) {
    void response.body?.cancel();
    throw fail({ message: `${url.href} is a web page (${type.split(';')[0]}), not ${terms.what}.`, hint: terms.pageHint });
  }
  return { url, response };
}

/** The URL's last path segment, decoded where it can be: "…/src/flows/checkout.ts" is checkout.ts. */
export function lastSegment(url: URL): string | undefined {
  const last = url.pathname.split('/').filter(Boolean).pop();
  if (!last) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
