// The JS heap of a page and of every worker it runs, over the Chrome DevTools Protocol.
//
// Playwright's CDPSession cannot address the flat child sessions Target.setAutoAttach makes, so the
// page's workers (and out-of-process frames, and their workers) are attached the older way:
// flatten false, each child's messages wrapped in Target.sendMessageToTarget and answered through
// Target.receivedMessageFromTarget. A child session is a Session like the page's, so nesting works.
import type { CDPSession, Page } from '@playwright/test';

type Listener = (params: Record<string, unknown>) => void;

interface Session {
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  on(event: string, listener: Listener): void;
}

interface Target {
  readonly session: Session;
  readonly type: string;
  readonly url: string;
}

class ChildSession implements Session {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, Listener[]>();
  closed = false;

  constructor(
    private readonly parent: Session,
    readonly sessionId: string
  ) {}

  /** A message from the child, unwrapped by the parent. */
  receive(message: string): void {
    const m = JSON.parse(message) as { id?: number; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown>; error?: { message: string } };
    if (m.id !== undefined) {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error) p?.reject(new Error(m.error.message));
      else p?.resolve(m.result ?? {});
    } else if (m.method) {
      for (const l of this.listeners.get(m.method) ?? []) l(m.params ?? {});
    }
  }

  close(): void {
    this.closed = true;
    for (const p of this.pending.values()) p.reject(new Error('target closed'));
    this.pending.clear();
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    if (this.closed) return Promise.reject(new Error('target closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.parent.send('Target.sendMessageToTarget', { sessionId: this.sessionId, message: JSON.stringify({ id, method, params }) }).catch((e: Error) => {
        this.pending.delete(id);
        reject(e);
      });
    });
  }

  on(event: string, listener: Listener): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
}

function wrap(cdp: CDPSession): Session {
  return {
    send: (method, params) => cdp.send(method as never, params as never) as Promise<Record<string, unknown>>,
    on: (event, listener) => void cdp.on(event as never, listener as never)
  };
}

export interface HeapReading {
  /** bytes used, summed over every target */
  readonly total: number;
  /** per target: 'page', or the worker's script name */
  readonly parts: readonly { readonly name: string; readonly bytes: number }[];
}

/** Watches a page's targets from now on (they come and go with each page.goto) and reads their heaps. */
export class HeapMeter {
  private readonly children = new Map<string, { child: ChildSession; target: Target }>();

  private constructor(private readonly root: Session) {}

  static async attach(page: Page): Promise<HeapMeter> {
    const meter = new HeapMeter(wrap(await page.context().newCDPSession(page)));
    await meter.watch(meter.root);
    return meter;
  }

  private async watch(session: Session): Promise<void> {
    const mine = new Map<string, ChildSession>();
    session.on('Target.attachedToTarget', (p) => {
      const info = p.targetInfo as { type: string; url: string };
      const child = new ChildSession(session, p.sessionId as string);
      mine.set(child.sessionId, child);
      this.children.set(child.sessionId, { child, target: { session: child, type: info.type, url: info.url } });
      // A worker's own workers, an out-of-process frame's workers.
      void this.watch(child).catch(() => undefined);
    });
    session.on('Target.receivedMessageFromTarget', (p) => mine.get(p.sessionId as string)?.receive(p.message as string));
    session.on('Target.detachedFromTarget', (p) => {
      const id = p.sessionId as string;
      mine.get(id)?.close();
      mine.delete(id);
      this.children.delete(id);
    });
    await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  }

  private targets(): Target[] {
    return [{ session: this.root, type: 'page', url: 'page' }, ...[...this.children.values()].map((c) => c.target)];
  }

  /** A full GC in every target (twice: what the first frees can let the second free more). */
  async collectGarbage(): Promise<void> {
    for (let i = 0; i < 2; i++) {
      await Promise.all(this.targets().map((t) => t.session.send('HeapProfiler.collectGarbage').catch(() => undefined)));
    }
  }

  async read(): Promise<HeapReading> {
    const parts = await Promise.all(
      this.targets().map(async (t) => {
        const usage = await t.session.send('Runtime.getHeapUsage').catch(() => undefined);
        const name = t.type === 'page' ? 'page' : `${t.type === 'worker' ? '' : `${t.type} `}${t.url.split('/').pop()?.replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js') || t.url || t.type}`;
        // ArrayBuffers' memory is outside usedSize: the engine keeps a trace's bytes in one, and columns are typed arrays.
        return usage ? { name, bytes: (usage.usedSize as number) + ((usage.backingStorageSize as number | undefined) ?? 0) } : undefined;
      })
    );
    const present = parts.filter((p): p is { name: string; bytes: number } => p !== undefined);
    return { total: present.reduce((s, p) => s + p.bytes, 0), parts: present };
  }
}
