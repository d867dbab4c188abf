// A tiny HTTP server for one test, on the loopback interface only, on a port
// the OS picks. Routes are exact paths; anything else is a 404. Routes are
// looked up per request, so a test may add one after the server started.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Route {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  /** text, or bytes as they are (an encrypted capsule) */
  readonly body: string | Uint8Array;
  /** answer this long after the request, to see what a slow host looks like */
  readonly delayMs?: number;
}

export interface LoopbackServer {
  readonly origin: string;
  /** paths requested so far, in order */
  readonly requests: string[];
  close(): Promise<void>;
}

export async function startLoopbackServer(routes: Record<string, Route>, fallback?: Route): Promise<LoopbackServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(path);
    const route = routes[path] ?? fallback ?? { status: 404, body: 'not found' };
    const answer = () => {
      res.writeHead(route.status ?? 200, route.headers ?? {});
      res.end(route.body);
    };
    if (route.delayMs) setTimeout(answer, route.delayMs);
    else answer();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      })
  };
}
