// "Replay all" in the browser, side by side with the CLI on the same corpus, in one run. Prints;
// asserts nothing. The corpus: CORPUS checkout traces recorded from the shared fixture's flow
// (one order in ten with the 100% promo that fails the charge), plus 2 from an earlier deploy
// that validated the promo first. The change: the fixture's fixed.ts, typed into the editor of
// the failing order; the baseline: the flow as loaded.
//  - app: from the Replay all click to "N traces replayed" in the DOM, timed in the page, first
//    run (batch workers start) and second run;
//  - CLI: one whole `timescope replay-all corpus.jsonl fixed.ts --baseline flow.ts` process;
//  - the counts per verdict each printed, so they can be checked against each other.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { preview } from 'vite';
import { CHECKOUT_DIR, recordCheckoutCorpus } from './checkoutCorpus';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.BENCH_DIST ?? 'dist');
const CORPUS = Number(process.env.BENCH_CORPUS ?? 400);
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const tmp = mkdtempSync(path.join(tmpdir(), 'timescope-replayall-'));
const today = await recordCheckoutCorpus(CORPUS - 2, { noPromoEvery: 7 });
const earlier = await recordCheckoutCorpus(2, { flowFile: 'reorder.ts', firstOrder: 100_000, version: 'a11ce00' });
const corpusFile = path.join(tmp, 'checkouts.jsonl');
writeFileSync(corpusFile, today.jsonl + earlier.jsonl);
const flow = path.join(CHECKOUT_DIR, 'flow.ts');
const fixed = path.join(CHECKOUT_DIR, 'fixed.ts');

/**
 * One Replay all, timed inside the page: from the click to the DOM saying "N traces replayed" (a
 * MutationObserver, not Playwright's polling, whose role queries over a 400-row table cost the page
 * ~170 ms of script while the run goes on). The app's own "in X s" is printed beside it.
 */
async function replayAllInApp(page: Page): Promise<{ ms: number; said: string; counts: string }> {
  await page.getByRole('button', { name: /^Replay all \d/ }).waitFor();
  // A string, not a function: the bundler's helpers (__name) must not leak into the page.
  const { ms, text } = await page.evaluate<{ ms: number; text: string }>(`new Promise((resolve) => {
    const bar = document.querySelector('section[aria-label="Replay all"]');
    const button = [...bar.querySelectorAll('button')].find((b) => /^Replay all/.test(b.textContent ?? ''));
    let ran = false;
    const observer = new MutationObserver(() => {
      const text = bar.querySelector('[role="status"]')?.textContent ?? '';
      if (!/traces replayed in/.test(text)) ran = true;
      else if (ran) {
        observer.disconnect();
        resolve({ ms: performance.now() - started, text });
      }
    });
    observer.observe(bar, { subtree: true, childList: true, characterData: true });
    const started = performance.now();
    button.click();
  })`);
  const said = /in ([\d.]+ s)/.exec(text)?.[1] ?? '?';
  const counts = (await page.getByRole('group', { name: 'Verdicts' }).innerText()).replace(/\s+/g, ' ');
  return { ms, said, counts };
}

const server = await preview({ root, build: { outDir: dist }, preview: { port: 0, host: '127.0.0.1' }, logLevel: 'silent' });
const address = server.httpServer.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}/`;
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.goto(base);
  await page.getByLabel('Open trace or source files').setInputFiles([corpusFile, flow]);
  await page.getByRole('table', { name: 'Traces in checkouts.jsonl' }).getByRole('row').nth(10).getByRole('button').last().click();
  await page.getByTestId('monaco-host').waitFor();
  await page.waitForTimeout(1_000);
  await page.evaluate((t) => navigator.clipboard.writeText(t), readFileSync(fixed, 'utf8'));
  await page.getByTestId('monaco-host').click({ position: { x: 120, y: 10 } });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
  await page.waitForTimeout(500);
  await page.getByRole('button', { name: '← All traces' }).click();
  const first = await replayAllInApp(page);
  const second = await replayAllInApp(page);

  const cli = path.join(root, 'bin/timescope.mjs');
  const t0 = performance.now();
  const run = spawnSync(process.execPath, [cli, 'replay-all', corpusFile, fixed, '--baseline', flow], { encoding: 'utf8' });
  const cliMs = performance.now() - t0;
  const table = run.stdout.split('\n').filter((l) => /^\s*(reproduced|fixed|outcome-changed|diverged|missing-step|flow-error|total)\b/i.test(l));

  console.log(`\nReplay all: ${CORPUS} checkout traces against fixed.ts with flow.ts as the baseline (each trace replayed twice), ${browser.version()}`);
  console.log(`| Where | Time | Counts |\n|---|---|---|`);
  console.log(`| app, first run (batch workers start) | ${first.ms.toFixed(0)} ms (the app says ${first.said}) | ${first.counts} |`);
  console.log(`| app, second run | ${second.ms.toFixed(0)} ms (the app says ${second.said}) | ${second.counts} |`);
  console.log(`| CLI, whole process (exit ${run.status}) | ${cliMs.toFixed(0)} ms | ${table.map((l) => l.trim().replace(/\s+/g, ' ')).join(' · ') || run.stdout.slice(0, 200)} |`);
  const ratio = second.ms / cliMs;
  console.log(`app ÷ CLI (second run): ${ratio.toFixed(2)}× (goal ≤ 1.5×: ${ratio <= 1.5 ? 'holds' : 'does not hold'})`);
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
}
