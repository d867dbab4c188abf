// Post-mortem journeys: a 50-step incident with a note on every step, as a shared link (so its
// notes arrive with it, as a colleague's would), the demo incident fixed and replayed, and the
// exported Markdown read back from the dialog.
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { encodeLink } from '../../src/core/share/link';
import type { IncidentPayload } from '../../src/core/share/payload';
import { AppPage } from '../pages/AppPage';
import { ReplayPage } from '../pages/ReplayPage';
import { bigTrace } from './bigTrace';

export const STEPS = 50;
/** Longer than a table cell keeps (160 characters): the report gives it in full under the table. */
export const LONG_NOTE = `${'the importer retried this row because the upstream answered 503, then '.repeat(4)}gave up on row 20.`;

/** Step i's note: every step has one; every third step (1, 4, 7 …) is starred as well. */
export const noteOf = (i: number) => (i === 19 ? LONG_NOTE : `row ${i + 1} checked by Ana`);
export const starredStep = (i: number) => i % 3 === 0;

/** `#incident=` for 50 steps (every 7th threw), each noted, a third of them starred. */
export function noted50Fragment(): string {
  const trace = JSON.parse(bigTrace(STEPS, 160, 7).text) as IncidentPayload['trace'];
  const steps = Object.fromEntries(Array.from({ length: STEPS }, (_, i) => [String(i), { text: noteOf(i), ...(starredStep(i) ? { starred: true } : {}) }]));
  return encodeLink({ v: 1, trace, step: 0, notes: { title: 'The nightly import gave up on 7 rows', steps } });
}

/** The post-mortem's Markdown, as the export dialog shows it. */
export async function exportedMarkdown(page: Page): Promise<string> {
  await new AppPage(page).inspector.tab('Incident').click();
  await page.getByRole('button', { name: 'Export post-mortem…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export post-mortem' });
  const markdown = dialog.getByRole('textbox', { name: 'Post-mortem (Markdown)' });
  await expect(markdown).toHaveValue(/^# /, { timeout: 15_000 });
  return markdown.inputValue();
}

const FLOW = readFileSync('public/demo/flow.ts', 'utf8');
const FIX_AT = 'const chargeCard = (order: CheckoutInput & { cart: Cart; total: number }) => {\n';
export const FIXED = FLOW.replace(FIX_AT, `${FIX_AT}    if (order.total === 0) return Success({ ...order, receipt: { waived: true } });\n`);

/** The demo incident, replayed as recorded, then fixed and replayed again. */
export async function fixedDemo(page: Page): Promise<AppPage> {
  const app = await AppPage.demo(page, 'selected');
  // The replay on load, given room on a busy machine.
  await expect(page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.', { timeout: 45_000 });
  const replay = new ReplayPage(page);
  await replay.replaceEditorText(FIXED);
  await replay.run();
  await replay.expectVerdict('Fixed');
  return app;
}

/** A section of the Markdown, from its `## name` to the next. */
export function section(markdown: string, name: string): string {
  return markdown.split(`## ${name}\n\n`)[1]!.split('\n## ')[0]!;
}
