// The hostile-flow corpus (test/corpus/hostile-flows), read for the tests that run it in the
// engine's sandbox, through the CLI and in Chromium; and a sink server that counts what reaches it.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HOSTILE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'hostile-flows');
export const HOSTILE_TRACE = path.join(HOSTILE_DIR, 'trace.json');

export interface HostileExpect {
  readonly verdict: 'success' | 'flow-error' | 'load-error' | 'compile-error' | 'timeout' | 'memory';
  readonly name?: string;
  /** a part of the message */
  readonly message?: string;
  /** the line of the person's file the message must point at */
  readonly line?: number;
  readonly value?: unknown;
  /** an attempt the sandbox refused and reported, though the flow went on (it caught the error, or never awaited it) */
  readonly refused?: { readonly message: string; readonly line: number };
}

export interface HostileCase {
  readonly name: string;
  readonly title: string;
  readonly dir: string;
  readonly expect: HostileExpect;
  readonly limits?: { readonly timeoutMs?: number; readonly maxMemoryMb?: number };
  readonly network: boolean;
  /** flow.js with the sink's origin in place of __SINK__ */
  source(sink: string): string;
}

export function hostileCases(): HostileCase[] {
  return readdirSync(HOSTILE_DIR)
    .filter((d) => existsSync(path.join(HOSTILE_DIR, d, 'case.json')))
    .sort()
    .map((name) => {
      const dir = path.join(HOSTILE_DIR, name);
      const c = JSON.parse(readFileSync(path.join(dir, 'case.json'), 'utf8')) as Omit<HostileCase, 'name' | 'dir' | 'source' | 'network'> & { network?: boolean };
      const text = readFileSync(path.join(dir, 'flow.js'), 'utf8');
      return { ...c, name, dir, network: c.network === true, source: (sink: string) => text.replaceAll('__SINK__', sink) };
    });
}

/** A server on 127.0.0.1 that answers everything and remembers every request it got. */
export async function startSink(): Promise<{ origin: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.end('sink');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  };
}
