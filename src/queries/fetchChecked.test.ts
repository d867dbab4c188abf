import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressTerms, fetchChecked, lastSegment, type FetchProblem, type FetchTerms } from './fetchChecked';

const here = { href: 'https://timescope.test/app/', origin: 'https://timescope.test' };

const terms: FetchTerms = {
  notUrl: (raw) => ({ message: `not a URL: ${raw}`, hint: 'give a URL' }),
  notHttp: (protocol) => ({ message: `scheme ${protocol}`, hint: 'use http' }),
  peer: 'host',
  corsAdvice: ' (or ask for the file).',
  statusHint: (status) => `hint for ${status}`,
  what: 'a widget',
  pageHint: 'link the raw file'
};

class Problem extends Error {
  constructor(readonly problem: FetchProblem) {
    super(problem.message);
  }
}

async function problemOf(raw: string, signal?: AbortSignal): Promise<FetchProblem> {
  try {
    await fetchChecked(raw, terms, (p) => new Problem(p), signal, here);
  } catch (e) {
    if (e instanceof Problem) return e.problem;
    throw e;
  }
  throw new Error('fetchChecked did not refuse');
}

const answer = (status: number, type: string, statusText = '') => vi.fn(async () => new Response('body', { status, statusText, headers: { 'content-type': type } }));

afterEach(() => vi.unstubAllGlobals());

describe('fetchChecked', () => {
  it('resolves a path against the page and fetches it without cookies', async () => {
    const fetch = answer(200, 'application/json');
    vi.stubGlobal('fetch', fetch);
    const { url, response } = await fetchChecked('traces/a.json', terms, (p) => new Problem(p), undefined, here);
    expect(url.href).toBe('https://timescope.test/app/traces/a.json');
    expect(await response.text()).toBe('body');
    expect(fetch).toHaveBeenCalledWith(url, { signal: undefined, credentials: 'omit' });
  });

  it('refuses what is no URL, and any scheme but http(s), before fetching', async () => {
    const fetch = answer(200, 'application/json');
    vi.stubGlobal('fetch', fetch);
    expect(await problemOf('http://[::1')).toEqual({ message: 'not a URL: http://[::1', hint: 'give a URL' });
    expect(await problemOf('file:///etc/passwd')).toEqual({ message: 'scheme file:', hint: 'use http' });
    expect(await problemOf('javascript:alert(1)')).toEqual({ message: 'scheme javascript:', hint: 'use http' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('tells an unreachable page of its own origin from a refusal by another (CORS)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await problemOf('/x.json')).toEqual({ message: 'Could not reach https://timescope.test/x.json.', hint: 'Check that the server is running, then try again.' });
    expect(await problemOf('https://elsewhere.test/x.json')).toEqual({
      message: 'The browser could not read https://elsewhere.test/x.json: the host is unreachable, or it refused this page (CORS).',
      hint: 'The host must send Access-Control-Allow-Origin for https://timescope.test (or ask for the file).'
    });
  });

  it('passes an abort on as it is, not as a problem', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))));
    await expect(fetchChecked('/x.json', terms, (p) => new Problem(p), controller.signal, here)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('names an HTTP error with its status, and a web page instead of the file', async () => {
    vi.stubGlobal('fetch', answer(404, 'text/plain', 'Not Found'));
    expect(await problemOf('/gone.json')).toEqual({ message: 'The host answered 404 Not Found for https://timescope.test/gone.json.', hint: 'hint for 404', status: 404 });
    vi.stubGlobal('fetch', answer(200, 'text/html; charset=utf-8'));
    expect(await problemOf('/login')).toEqual({ message: 'https://timescope.test/login is a web page (text/html), not a widget.', hint: 'link the raw file' });
    vi.stubGlobal('fetch', answer(200, 'application/xhtml+xml'));
    expect((await problemOf('/page')).message).toBe('https://timescope.test/page is a web page (application/xhtml+xml), not a widget.');
  });
});

describe('lastSegment', () => {
  it('is the decoded last segment, the raw one when it does not decode, and nothing at the root', () => {
    expect(lastSegment(new URL('https://h.test/src/flows/check%20out.ts'))).toBe('check out.ts');
    expect(lastSegment(new URL('https://h.test/a/%E0%A4%A.ts/'))).toBe('%E0%A4%A.ts');
    expect(lastSegment(new URL('https://h.test/'))).toBeUndefined();
  });
});

describe('addressTerms', () => {
  it('words a trace or source address that is no URL, or not http(s), with the caller’s hint', () => {
    const t = addressTerms('give ?x= a URL');
    expect(t.notUrl('::')).toEqual({ message: '"::" is not a URL.', hint: 'give ?x= a URL' });
    expect(t.notHttp('ftp:')).toEqual({ message: 'ftp: URLs cannot be loaded; only http and https.', hint: 'give ?x= a URL' });
  });
});
