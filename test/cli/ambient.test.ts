// Hidden clocks and randomness end to end, on the real binary: a flow whose pure code reads
// Date.now() (the demo checkout, whose promo now ends on 1 June 2026) is warned about by line on
// stderr and in --json, in `replay`, `replay-all` and the MCP tools; --clock and --seed (the MCP
// tools' clock and seed) make two replays answer alike, and the clock given decides the verdict.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, runTimescope, type Run } from './support/timescope';

const DEMO = path.join(ROOT, 'public/demo');
const TMP = mkdtempSync(path.join(tmpdir(), 'timescope-ambient-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

// The demo's flow, its promo ending by the clock: before June it reaches cmdValidatePromo as
// production did; from June on it skips it, and the replay diverges.
const PROMO = '    if (!order.promoCode) return Success({ ...order, total: order.cart.subtotal });';
const demoFlow = readFileSync(path.join(DEMO, 'flow.ts'), 'utf8');
if (!demoFlow.includes(PROMO)) throw new Error("the demo flow's promo line moved: update this test");
writeFileSync(path.join(TMP, 'flow.ts'), demoFlow.replace(PROMO, PROMO.replace('!order.promoCode', '!order.promoCode || Date.now() >= Date.UTC(2026, 5, 1)')));
const LINE = demoFlow.split('\n').indexOf(PROMO) + 1;
writeFileSync(path.join(TMP, 'checkout.trace.json'), readFileSync(path.join(DEMO, 'checkout.trace.json')));
const trace = JSON.stringify(JSON.parse(readFileSync(path.join(DEMO, 'checkout.trace.json'), 'utf8')));
writeFileSync(path.join(TMP, 'day.jsonl'), `${trace}\n${trace}\n`);

const timescope = (args: readonly string[], cwd = TMP): Promise<Run> => runTimescope(args, cwd);

const FIXED = ['--clock', '2026-01-01T00:00:00Z', '--seed', '7'];
const WARNING = `flow.ts:${LINE} read the clock in pure code (Date.now()); production read another time, so this replay may differ`;

interface Json {
  verdict: string;
  ambient?: { file: string; line: number; kind: string; api: string; times: number; fixed: boolean; warning: string }[];
  ambientSettings?: unknown;
}

describe.concurrent('timescope replay: the clock read in pure code', () => {
  it('without flags: a warning naming file:line on stderr, and the read in --json', async () => {
    const [text, json] = await Promise.all([timescope(['replay', 'checkout.trace.json', 'flow.ts']), timescope(['replay', 'checkout.trace.json', 'flow.ts', '--json'])]);
    expect(text.stderr).toContain(`timescope: warning: ${WARNING}\n`);
    const parsed = JSON.parse(json.stdout) as Json;
    expect(parsed.ambient).toEqual([{ file: 'flow.ts', line: LINE, column: expect.any(Number) as number, kind: 'clock', api: 'Date.now()', times: 1, fixed: false, warning: WARNING }]);
    expect(parsed).not.toHaveProperty('ambientSettings');
    expect(json.stderr).toContain(WARNING);
  });

  it('with --clock and --seed: two runs give the same stdout and verdict, said to be answered from --clock', async () => {
    const [a, b] = await Promise.all([timescope(['replay', 'checkout.trace.json', 'flow.ts', ...FIXED]), timescope(['replay', 'checkout.trace.json', 'flow.ts', ...FIXED])]);
    expect(a.stdout).toBe(b.stdout);
    expect(a.code).toBe(b.code);
    expect(a.stdout).toMatch(/\nVerdict: reproduced — /);
    expect(a.stderr).toBe(`timescope: flow.ts:${LINE} read the clock in pure code (Date.now()); answered from --clock 2026-01-01T00:00:00.000Z, not production's time\n`);
    const json = JSON.parse((await timescope(['replay', 'checkout.trace.json', 'flow.ts', '--json', ...FIXED])).stdout) as Json;
    expect(json.verdict).toBe('reproduced');
    expect(json.ambient?.map((r) => r.fixed)).toEqual([true]);
    expect(json.ambientSettings).toEqual({ clock: '2026-01-01T00:00:00.000Z', seed: 7 });
  });

  it('the clock given decides: after the promo ended, the same code diverges', async () => {
    const later = JSON.parse((await timescope(['replay', 'checkout.trace.json', 'flow.ts', '--json', '--clock', '2026-07-01T00:00:00Z'])).stdout) as Json;
    expect(later.verdict).toBe('diverged');
  });

  it('a flow that reads no clock: no warning, no ambient field, as before', async () => {
    const [plain, json] = await Promise.all([timescope(['replay', 'checkout.trace.json', 'flow.ts'], DEMO), timescope(['replay', 'checkout.trace.json', 'flow.ts', '--json'], DEMO)]);
    expect(plain.stderr).toBe('');
    expect(plain.stdout).toMatch(/\nVerdict: reproduced — /);
    expect(JSON.parse(json.stdout)).not.toHaveProperty('ambient');
  });

  it("the recorded code's reads are said too, named as the --baseline file", async () => {
    const r = await timescope(['replay', 'checkout.trace.json', path.join(DEMO, 'flow.ts'), '--baseline', 'flow.ts']);
    expect(r.stderr).toContain(`timescope: warning: in the recorded code, ${WARNING}\n`);
  });
});

interface Row {
  verdict: string;
  ambient?: { kind: string; api: string; file: string; line: number; fixed: boolean }[];
}

describe.concurrent('timescope replay-all: the clock read in pure code', () => {
  it('each row in --json carries its reads, and stderr sums them up', async () => {
    const r = await timescope(['replay-all', 'day.jsonl', 'flow.ts', '--json']);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Row);
    expect(rows.map((row) => row.ambient)).toEqual([0, 1].map(() => [{ kind: 'clock', api: 'Date.now()', file: 'flow.ts', line: LINE, fixed: false }]));
    expect(r.stderr).toBe(
      `timescope: warning: 2 of 2 traces' replays read the clock in pure code (flow.ts:${LINE} Date.now()); production read another time, so those replays may differ; fix them with --clock TIME\n`
    );
  });

  it('with --clock: the rows say fixed, the table names the clock, and the verdicts are the same twice', async () => {
    const [a, b] = await Promise.all([timescope(['replay-all', 'day.jsonl', 'flow.ts', '--json', ...FIXED]), timescope(['replay-all', 'day.jsonl', 'flow.ts', '--json', ...FIXED])]);
    expect(a.stdout).toBe(b.stdout);
    const rows = a.stdout.trim().split('\n').map((l) => JSON.parse(l) as Row);
    expect(rows.map((row) => [row.verdict, row.ambient?.[0]?.fixed])).toEqual([
      ['reproduced', true],
      ['reproduced', true]
    ]);
    expect(a.stderr).toBe(`timescope: 2 of 2 traces' replays read the clock in pure code (flow.ts:${LINE} Date.now()); answered from --clock 2026-01-01T00:00:00.000Z and --seed 7\n`);
    const table = await timescope(['replay-all', 'day.jsonl', 'flow.ts', ...FIXED]);
    expect(table.stdout.split('\n')[0]).toMatch(/ worker(s)?, --clock 2026-01-01T00:00:00\.000Z and --seed 7\)$/);
  });
});

type Result = { content: { type: string; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

describe('timescope mcp: clock and seed', () => {
  it('replay and replay_corpus take clock and seed, and answer with the reads and a warning', async () => {
    const client = new Client({ name: 'timescope-test', version: '1.0.0' }, { capabilities: { roots: { listChanged: false } } });
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: pathToFileURL(TMP).href, name: 'tmp' }] }));
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd: TMP, stderr: 'pipe' }));
    try {
      const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result;
      type Answer = Json & { ambientWarning?: string };
      const { tools } = await client.listTools();
      for (const name of ['replay', 'logpoint', 'replay_corpus']) {
        const schema = tools.find((t) => t.name === name)!.inputSchema as { properties: Record<string, { description?: string }> };
        expect(schema.properties.clock?.description, name).toMatch(/ISO time/);
        expect(schema.properties.seed?.description, name).toMatch(/Math\.random/);
      }
      const opened = (await call('open_incident', { source: path.join(TMP, 'checkout.trace.json'), flowFiles: [path.join(TMP, 'flow.ts')] })).structuredContent as { id: string };

      const today = (await call('replay', { id: opened.id })).structuredContent as unknown as Answer;
      expect(today.ambient?.[0]).toMatchObject({ line: LINE, kind: 'clock', fixed: false });
      // Files are named as the agent gave them: here, by absolute path.
      expect(today.ambientWarning).toBe(`${path.join(TMP, WARNING)}. Pass clock to replay with fixed values, so that every replay answers alike.`);

      const fixed = await Promise.all([0, 1].map(() => call('replay', { id: opened.id, clock: '2026-01-01T00:00:00Z', seed: 7 })));
      const [a, b] = fixed.map((f) => f.structuredContent as unknown as Answer);
      expect(a).toEqual(b);
      expect(a).toMatchObject({ verdict: 'reproduced', ambientSettings: { clock: '2026-01-01T00:00:00.000Z', seed: 7 } });
      expect(a!.ambient?.[0]?.fixed).toBe(true);
      expect(a).not.toHaveProperty('ambientWarning');
      // Milliseconds since 1970 are a clock too; after the promo ended, the flow diverges.
      expect((await call('replay', { id: opened.id, clock: Date.UTC(2026, 6, 1) })).structuredContent).toMatchObject({ verdict: 'diverged' });

      const bad = await call('replay', { id: opened.id, clock: 'next tuesday' });
      expect(bad.isError).toBe(true);
      expect(bad.content[0]!.text).toBe('clock takes an ISO time such as 2026-03-01T09:30:00Z, or milliseconds since 1970, got "next tuesday"');

      const corpus = (await call('replay_corpus', { corpus: [path.join(TMP, 'day.jsonl')], flowFiles: [path.join(TMP, 'flow.ts')], clock: '2026-01-01T00:00:00Z' })).structuredContent as Record<string, unknown>;
      expect(corpus).toMatchObject({ counts: { reproduced: 2 }, ambient: { traces: 2, places: [{ kind: 'clock', api: 'Date.now()', line: LINE, fixed: true }] } });
      expect(corpus.ambientNote).toBe(`2 of 2 traces' replays read the clock in pure code (${path.join(TMP, 'flow.ts')}:${LINE} Date.now()); answered from clock 2026-01-01T00:00:00.000Z`);
      expect(corpus).not.toHaveProperty('ambientWarning');
    } finally {
      await client.close();
    }
  }, 90_000);
});
