// Every request a page makes (its frames and workers included, as Playwright
// reports them for the context), so a test can assert that nothing but the
// app's own assets left the browser. blob: and data: URLs never leave it.
import type { BrowserContext, Page } from '@playwright/test';

export interface RequestLog {
  readonly all: string[];
  /** requests to anywhere but the app's own origin */
  offsite(): string[];
}

export function logRequests(target: Page | BrowserContext, appOrigin: string): RequestLog {
  const all: string[] = [];
  target.on('request', (r) => all.push(r.url()));
  const page = 'goto' in target ? target : undefined;
  page?.on('websocket', (ws) => all.push(ws.url()));
  return {
    all,
    offsite: () => all.filter((u) => !u.startsWith(`${appOrigin}/`) && !u.startsWith('blob:') && !u.startsWith('data:'))
  };
}
