// "Flow code runs as JavaScript runs", in Chromium: the differential corpus (test/differential)
// run as ES modules in plain Chromium (a module worker) and as flow code in the app's built replay
// worker, started as the sandbox frame starts its batch workers, in sandbox.html itself (the
// frame's opaque origin and policy). Each snippet replays in a fresh Compartment of a locked realm
// (src/sandbox/batch/server.ts), one worker serving many: a worker per replay would cost a worker
// start (~200 ms of CPU) each time. A difference fails its category, unless
// test/differential/byDesign.ts lists it with the very outcome the sandbox gave.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { BROWSER_BY_DESIGN, BY_DESIGN as NODE_BY_DESIGN } from '../test/differential/byDesign';
import { CORPUS, categoryOf } from '../test/differential/snippets/index';
import { compare, passes, table, type Compared } from '../test/differential/support/compare';
import { FLOW_EXPORT, FLOW_FILE, flowFiles, traceText } from '../test/differential/support/flow';
import { outcomeFromText, outcomeTextOf, type Outcome } from '../test/differential/support/outcome';
import { sandboxOutcome } from '../test/differential/support/sandboxOutcome';
import type { SnippetAnswer } from '../test/differential/support/batchClient';
import { PLAIN_WORKER_SOURCE, runPlainInPage, runSandboxInPage } from '../test/differential/support/browserSide';
import { BATCH_WORKER_NAME } from '../src/worker/replay.protocol';

const BY_DESIGN = { ...NODE_BY_DESIGN, ...BROWSER_BY_DESIGN };
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.E2E_DIST ?? 'dist';

function replayWorkerText(): string {
  const assets = path.join(ROOT, dist, 'assets');
  const names = readdirSync(assets).filter((n) => /^replay-worker-[\w-]+\.js$/.test(n));
  if (names.length !== 1) throw new Error(`expected one replay worker in ${assets}, found ${names.length}: run npx vite build`);
  return readFileSync(path.join(assets, names[0]!), 'utf8');
}

test('flow code runs as JavaScript runs, in the browser replay worker', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const started = Date.now();
  const context = await browser.newContext();
  // plain Chromium: a blank page of the app's origin, no policy of the app's in the way
  await context.route('**/differential-blank.html', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>plain</title>' }));
  const plainPage = await context.newPage();
  await plainPage.goto(`${baseURL}/differential-blank.html`);
  const plainAnswers = await plainPage.evaluate(runPlainInPage, { workerSource: PLAIN_WORKER_SOURCE, sources: CORPUS.map((s) => s.source), lanes: 2, timeoutMs: 5_000 });
  const plain: Outcome[] = plainAnswers.map((a) => {
    if (typeof a === 'string') return { kind: 'broken', message: a };
    const o = outcomeFromText(a.text);
    return o.kind === 'threw' ? { ...o, phase: a.phase, ...(a.line !== undefined && a.line !== null ? { line: a.line } : {}) } : o;
  });
  const plainMs = Date.now() - started;

  const sandboxPage = await context.newPage();
  const pageErrors: string[] = [];
  sandboxPage.on('pageerror', (e) => pageErrors.push(e.message));
  await sandboxPage.goto(`${baseURL}/sandbox.html`);
  const expected = CORPUS.map((s, i) => BY_DESIGN[s.id]?.sandbox ?? plain[i]!);
  const jobs = CORPUS.map((s, i) => ({ files: flowFiles(s.source), entry: FLOW_FILE, exportName: FLOW_EXPORT, traceText: traceText(outcomeTextOf(expected[i]!)) }));
  const answers = (await sandboxPage.evaluate(runSandboxInPage, { workerText: replayWorkerText(), workerName: BATCH_WORKER_NAME, jobs, lanes: 2, timeoutMs: 5_000 })) as SnippetAnswer[];
  const sandbox = answers.map((a, i) => sandboxOutcome(a, expected[i]!));
  const compared: Compared[] = CORPUS.map((s, i) => compare(s.id, plain[i]!, sandbox[i]!, BY_DESIGN[s.id]));
  await context.close();
  const failing = compared.filter((c) => !passes(c));
  console.log(`differential (Chromium): ${CORPUS.length} snippets, ${failing.length} differing (plain ${plainMs} ms, sandbox ${Date.now() - started - plainMs} ms)`);

  expect(compared.filter((c) => c.plain.kind === 'broken').map((c) => c.id), 'plain Chromium answered every snippet').toEqual([]);
  expect(pageErrors).toEqual([]);
  const byCategory = new Map<string, Compared[]>();
  for (const c of failing) byCategory.set(categoryOf(c.id), [...(byCategory.get(categoryOf(c.id)) ?? []), c]);
  for (const [category, rows] of byCategory) {
    expect.soft(rows.length, `${category}:\n${table(rows, { plain: 'chromium', sandbox: 'sandbox' })}`).toBe(0);
  }
});
