// The agent loop of issue 26 on a Retry-fallback incident, through `timescope mcp` with the SDK's
// own client: the incident is recorded here by our recorder (the flow loaded as the app loads it,
// its services stand-ins that throw, so both the live price and the cached one fail), then opened,
// explained, reproduced, fixed (tier 1), broken by a reorder (tier 2), replayed as a corpus, and
// its regression test exported into a project of its own and run green under vitest.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as runtime from '../../src/core/effect/index';
import { recordEffect } from '../../src/core/effect/index';
import { installRuntime, runVitest } from '../../src/core/export/test-support/generatedTests';
import { loadFlowModule } from '../../src/core/source/loader';

const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/timescope.mjs');
const PROJECT = mkdtempSync(path.join(tmpdir(), 'timescope-mcp-loop-'));

const SERVICES = "export const pricing = { live: (sku: string): number => { throw new Error(`no live price for ${sku}`); } };\nexport const cache = { price: (sku: string): number => { throw new Error(`no cached price for ${sku}`); } };\n";
const FLOW = `import { Command, Retry, Success, effectPipe } from 'pure-effect';
import { pricing, cache } from './services';

const price = (sku: string) =>
  Retry(Command(function fetchLivePrice() { return pricing.live(sku); }), {
    attempts: 1,
    delay: 0,
    onExhausted: () => Command(function readCachedPrice() { return cache.price(sku); })
  });

export const priceTagFlow = (sku: string) => effectPipe(price, (amount: number) => Success({ sku, amount }))(sku);
`;
// The fix: when the Retry gives up, show the tag without a price instead of asking the cache, which is down too.
const FIXED = FLOW.replace('onExhausted: () => Command(function readCachedPrice() { return cache.price(sku); })', 'onExhausted: () => Success(0)');
// A change the recording cannot verify: the cache is asked first.
const REORDERED = FLOW.replace("Retry(Command(function fetchLivePrice() { return pricing.live(sku); }), {", "Retry(Command(function readCachedPrice() { return cache.price(sku); }), {");

let client: Client;
const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as { content: { text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

beforeAll(async () => {
  mkdirSync(path.join(PROJECT, 'src'));
  writeFileSync(path.join(PROJECT, 'src/services.ts'), SERVICES);
  writeFileSync(path.join(PROJECT, 'src/flow.ts'), FLOW);
  writeFileSync(path.join(PROJECT, 'src/fixed.ts'), FIXED);
  writeFileSync(path.join(PROJECT, 'src/reordered.ts'), REORDERED);
  const { exports } = loadFlowModule([{ name: 'flow.ts', text: FLOW }, { name: 'services.ts', text: SERVICES }], 'flow.ts', runtime);
  const flow = (exports as { priceTagFlow: (sku: string) => unknown }).priceTagFlow;
  const { trace } = await recordEffect(flow as never, 'GRND-58', { context: { flowName: 'price-tag' } });
  mkdirSync(path.join(PROJECT, 'incidents'));
  writeFileSync(path.join(PROJECT, 'incidents/price.json'), JSON.stringify(trace));
  await installRuntime(PROJECT);
  client = new Client({ name: 'timescope-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd: PROJECT, stderr: 'pipe' }));
}, 120_000);
afterAll(async () => {
  await client?.close();
  rmSync(PROJECT, { recursive: true, force: true });
});

describe('the agent loop on a Retry-fallback incident, through timescope mcp', () => {
  it('explains, reproduces, verifies the fix, hands a reorder to a person, replays the corpus, leaves a test that passes', async () => {
    const opened = await call('open_incident', { source: 'incidents/price.json', flowFiles: ['src/flow.ts', 'src/services.ts'] });
    expect(opened.isError, opened.content[0]?.text).toBeFalsy();
    const first = opened.structuredContent as {
      id: string;
      outcome: { type: string; error: string };
      explains: { command: string; path: string; why: string; lastError: string; location: { file: string; line: number } };
    };
    // The fallback failed the run: the first screen names it, why it ran, and the error that made the Retry give up.
    expect(first.outcome).toEqual({ type: 'Failure', error: 'Error: no cached price for GRND-58' });
    expect(first.explains).toMatchObject({ command: 'readCachedPrice', path: '0rf/0', why: 'fallback: the Retry at 0 gave up after 2 tries', lastError: 'Error: no live price for GRND-58' });
    expect(first.explains.location.line).toBe(8);
    const id = first.id;

    expect((await call('replay', { id })).structuredContent).toMatchObject({ verdict: 'reproduced', tier: 1 });
    expect((await call('replay', { id, flowFiles: ['src/fixed.ts', 'src/services.ts'] })).structuredContent).toMatchObject({ verdict: 'fixed', tier: 1, unreachedCommands: ['readCachedPrice'] });
    expect((await call('replay', { id, flowFiles: ['src/reordered.ts', 'src/services.ts'] })).structuredContent).toMatchObject({
      verdict: 'diverged',
      tier: 2,
      divergence: { path: '0r0/0', asked: 'readCachedPrice', recorded: 'fetchLivePrice' }
    });

    // The corpus (here, this incident and a copy) against the fix, with production's code as the baseline: no new failures.
    copyFileSync(path.join(PROJECT, 'incidents/price.json'), path.join(PROJECT, 'incidents/price-2.json'));
    const corpus = (await call('replay_corpus', { corpus: ['incidents'], flowFiles: ['src/fixed.ts', 'src/services.ts'], baseline: 'src/flow.ts' })).structuredContent;
    expect(corpus).toMatchObject({ traces: 2, counts: { fixed: 2 }, failing: [] });

    const written = (await call('export_test', { id, flowFiles: ['src/fixed.ts', 'src/services.ts'], out: 'test/price.test.ts', vitest: true })).structuredContent as { written: string };
    expect(written.written).toBe(path.join(PROJECT, 'test/price.test.ts'));
    const run = await runVitest(PROJECT, 'test');
    expect(run.passed.get('test/price.test.ts'), run.output).toBe(true);
  }, 180_000);
});
