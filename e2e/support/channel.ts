// What the incident-channel journeys share: the checkout incident as a sender shares it (built
// with the app's own encoder, so the test holds the same bytes a Share would), a deflate bomb shaped
// as a link, and the page's long tasks counted from its first script.
import { readFileSync } from 'node:fs';
import { deflateSync } from 'fflate';
import type { Page } from '@playwright/test';
import { fixture } from './files';
import { encodeLink } from '../../src/core/share/link';
import { encodeBase64url } from '../../src/core/share/base64url';
import type { IncidentPayload } from '../../src/core/share/payload';

export const SENDER_NOTE = 'percentOff 100 makes the total 0';

/** The checkout incident at step 2 with the sender's note and flow; without the facts a newer Share adds. */
export function checkoutIncident(extra: Partial<IncidentPayload> = {}): IncidentPayload {
  return {
    v: 1,
    trace: JSON.parse(readFileSync(fixture('checkout-zero-total/expected/trace.json'), 'utf8')) as IncidentPayload['trace'],
    sources: [{ name: 'flow.ts', text: readFileSync(fixture('checkout-zero-total/flow.ts'), 'utf8') }],
    step: 1,
    notes: { title: 'Zero total', steps: { '1': { text: SENDER_NOTE } } },
    redaction: { applied: true, rules: ['key:email'] },
    ...extra
  };
}

export const fragmentOf = (payload: IncidentPayload) => encodeLink(payload);

/**
 * A link in the v1 format whose data inflates to `megabytes` MB of zeros: a "zip bomb" past the
 * 64 MB cap, in ~90 KB of link. Its CRC is never reached: the cap stops the inflate first.
 */
export function bombFragment(megabytes = 80): string {
  const deflated = deflateSync(new Uint8Array(megabytes * 1024 * 1024), { level: 9 });
  const bytes = new Uint8Array(4 + deflated.length);
  bytes.set(deflated, 4);
  const data = encodeBase64url(bytes);
  return `#incident=i1.${data.length}.${data}`;
}

/** Long tasks from the page's first script on (registered before any of the app's code runs): start and duration, in ms. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { start: number; ms: number }[] = [];
    (window as unknown as { __longTasks: typeof seen }).__longTasks = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.push({ start: entry.startTime, ms: Math.round(entry.duration) });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The durations of the long tasks that started at or after `since` (performance.now() in the page). */
export const longTasks = (page: Page, since = 0) =>
  page.evaluate((from) => (window as unknown as { __longTasks: { start: number; ms: number }[] }).__longTasks.filter((t) => t.start >= from).map((t) => t.ms), since);
