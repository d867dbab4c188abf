// `timescope replay --log` and the MCP `logpoint` tool end to end, on the real binary: a value at
// a line of the flow for every time the line ran in the sandbox's replay, given to its step, with
// nothing else about the replay changed (narration, verdict, exit status).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../src/core/source/test-support/fixtures';
import { BIN, ROOT, runTimescope, type Run } from './support/timescope';

const DEMO = path.join(ROOT, 'public/demo');
const RETRY = path.join(FIXTURES, 'price-retry-fallback');
const TMP = mkdtempSync(path.join(tmpdir(), 'timescope-logpoints-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const timescope = (args: readonly string[], cwd = DEMO): Promise<Run> => runTimescope(args, cwd);

const demo = (...more: string[]) => timescope(['replay', 'checkout.trace.json', 'flow.ts', ...more]);

interface JsonHit {
  id: string;
  step?: number;
  path?: string;
  command?: string;
  hasValue: boolean;
  value?: unknown;
  error?: string;
}
interface JsonLogs {
  placements: { id: string; file: string; line: number; placed: boolean; reason?: string }[];
  hits: JsonHit[];
  counts: Record<string, number>;
  dropped: number;
}

describe.concurrent('timescope replay --log', () => {
  it('prints the value at the step its line ran for, before the verdict, and changes nothing else', async () => {
    const [plain, logged] = await Promise.all([demo(), demo('--log', 'flow.ts:31=total')]);
    expect(logged.code).toBe(plain.code);
    expect(logged.code).toBe(1);
    const [narration, verdict] = [plain.stdout.slice(0, plain.stdout.lastIndexOf('\nVerdict: ')), plain.stdout.slice(plain.stdout.lastIndexOf('\nVerdict: '))];
    // The narration byte for byte, then the hits, then the same verdict as the last line.
    expect(logged.stdout).toBe(`${narration}\nflow.ts:31 total  (1 hit)\n  step 2 cmdValidatePromo: 0\n${verdict}`);
    expect(logged.stderr).toBe(plain.stderr);
  });

  it("a line inside a Command's function, which a replay never runs, reads where the Command is built, and says so", async () => {
    const r = await demo('--log', 'flow.ts:40=order.total * 100');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "flow.ts:40 order.total * 100  (1 hit)\n  reads where cmdChargeCard is built (line 37): a replay never runs a Command's function, whose answer comes from the recording\n  step 2 cmdValidatePromo: 0\n"
    );
  });

  it('--json carries the placements, the hits with their steps numbered from 1, and the counts', async () => {
    const [plain, logged] = await Promise.all([demo('--json'), demo('--json', '--log', 'flow.ts:31=total')]);
    const { logs, ...rest } = JSON.parse(logged.stdout) as { logs: JsonLogs };
    expect(rest).toEqual(JSON.parse(plain.stdout));
    expect(logs.placements).toEqual([{ id: 'flow.ts:31=total', file: 'flow.ts', line: 31, expr: 'total', placed: true, timing: 'after' }]);
    expect(logs.hits).toEqual([{ id: 'flow.ts:31=total', seq: 0, step: 2, path: '1', command: 'cmdValidatePromo', hasValue: true, value: 0 }]);
    expect(logs.counts).toEqual({ 'flow.ts:31=total': 1 });
    expect(logs.dropped).toBe(0);
  });

  it('says why a refused expression is not run, and the replay is the same as without it', async () => {
    const [plain, assigns, calls] = await Promise.all([demo(), demo('--log', 'flow.ts:31=order.total = 1'), demo('--log', 'flow.ts:31=fetch(x)')]);
    expect(assigns.stderr).toContain("timescope: logpoint flow.ts:31=order.total = 1 is not run: `order.total = 1` assigns with '='");
    expect(calls.stderr).toContain('timescope: logpoint flow.ts:31=fetch(x) is not run: `fetch(x)` calls a function');
    for (const r of [assigns, calls]) {
      expect(r.code).toBe(plain.code);
      // No block for a logpoint that did not run: narration and verdict exactly as without.
      expect(r.stdout).toBe(plain.stdout);
    }
  });

  it('a malformed --log is a usage error that names it', async () => {
    for (const spec of ['flow.ts31=total', 'flow.ts:31=', 'flow.ts:0=total']) {
      const r = await demo('--log', spec);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`timescope: --log '${spec}'`);
      expect(r.stderr).toContain('Usage: timescope replay');
    }
  });

  it('takes several, in the order given: values, a read that threw, a Command\'s own line, a file by its path, one naming a file not loaded', async () => {
    const r = await timescope(
      ['replay', 'public/demo/checkout.trace.json', 'public/demo/flow.ts', '--log', 'flow.ts:19=order.orderId', '--log', 'public/demo/flow.ts:31=order.nope.x', '--log', 'flow.ts:27=order.cart.subtotal', '--log', 'flow.ts:28=order', '--log', 'nope.ts:1=a'],
      ROOT
    );
    expect(r.code).toBe(1);
    const block = r.stdout.slice(r.stdout.indexOf('\npublic/demo/flow.ts:19') + 1, r.stdout.lastIndexOf('\nVerdict: '));
    expect(block.split('\n')).toEqual(
      [
        'public/demo/flow.ts:19 order.orderId  (1 hit)',
        '  step 1 cmdFetchCart: "ord_7Hq2"',
        '',
        'public/demo/flow.ts:31 order.nope.x  (1 hit)',
        "  step 2 cmdValidatePromo: TypeError: Cannot read properties of undefined (reading 'x')",
        '',
        // applyPromo's first line runs on cmdFetchCart's answer, before cmdValidatePromo is built
        'public/demo/flow.ts:27 order.cart.subtotal  (1 hit)',
        '  step 1 cmdFetchCart: 60',
        '',
        // a Command's own function: never run by a replay, which has its answer, so read where it is built
        'public/demo/flow.ts:28 order  (1 hit)',
        "  reads where cmdValidatePromo is built (line 28): a replay never runs a Command's function, whose answer comes from the recording",
        expect.stringMatching(/^ {2}step 1 cmdFetchCart: \{"orderId":"ord_7Hq2",.*…$/),
        ''
      ]
    );
    expect(r.stderr).toContain('timescope: logpoint nope.ts:1=a names nope.ts, which is not loaded (loaded: flow.ts)');
    expect(r.stdout.trimEnd().split('\n').pop()).toMatch(/^Verdict: reproduced/);
  });

  it('a line inside a Retry\'s onExhausted belongs to the last try; one in its fallback\'s next, to the fallback', async () => {
    const r = await timescope(['replay', path.join(RETRY, 'expected/trace.json'), path.join(RETRY, 'flow.ts'), '--json', '--log', 'flow.ts:27=exhausted.lastError.code', '--log', 'flow.ts:29=cached.amount']);
    expect(r.code).toBe(0);
    const { logs } = JSON.parse(r.stdout) as { logs: JsonLogs };
    expect(logs.hits.map(({ step, path: p, command, value }) => ({ step, path: p, command, value }))).toEqual([
      { step: 4, path: '1r2/0', command: 'fetchLivePrice', value: 'ETIMEDOUT' },
      { step: 5, path: '1rf/0', command: 'readCachedPrice', value: 249 }
    ]);
  });

  it('says when a line did not run: the live price\'s next, after every try threw', async () => {
    const r = await timescope(['replay', path.join(RETRY, 'expected/trace.json'), path.join(RETRY, 'flow.ts'), '--log', 'flow.ts:20=quote.amount']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('flow.ts:20 quote.amount  (0 hits)\n  its line did not run\n');
  });

  it('with a what-if, shows what the replayed code saw', async () => {
    const r = await demo('--log', 'flow.ts:31=total', '--override', '1={"code":"FREE100","customerId":"cus_Ly81","valid":true,"percentOff":50}');
    expect(r.stdout).toContain('flow.ts:31 total  (1 hit)\n  step 2 cmdValidatePromo: 30\n');
    expect(r.stdout.trimEnd().split('\n').pop()).toMatch(/^Verdict: what-if \(1 step answered otherwise\)/);
  });
});

describe('timescope mcp: the logpoint tool', () => {
  type Result = { content: { type: string; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

  async function connect(roots: readonly string[]): Promise<Client> {
    const c = new Client({ name: 'timescope-test', version: '1.0.0' }, { capabilities: { roots: { listChanged: false } } });
    c.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots.map((r) => ({ uri: pathToFileURL(r).href, name: path.basename(r) })) }));
    await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd: ROOT, stderr: 'pipe' }));
    return c;
  }

  it('answers with the hits per logpoint, and a refusal for one it cannot run', async () => {
    const client = await connect([ROOT]);
    const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result;
    try {
      const { id } = (await call('open_incident', { source: path.join(DEMO, 'checkout.trace.json'), flowFiles: [path.join(DEMO, 'flow.ts')] })).structuredContent as { id: string };
      const one = await call('logpoint', { id, file: 'flow.ts', line: 31, expr: 'total' });
      expect(one.isError).toBeFalsy();
      expect(one.structuredContent).toEqual({
        verdict: 'reproduced',
        tier: 1,
        verdictText: 'reproduced — the replay ends as production did, asking the same recorded Commands: Failure: Amount must be non-zero.',
        logpoints: [{ logpoint: 'flow.ts:31=total', file: 'flow.ts', line: 31, expr: 'total', placed: true, timing: 'after', ran: 1, hits: [{ step: 2, path: '1', command: 'cmdValidatePromo', value: 0 }] }]
      });
      expect(JSON.parse(one.content[0]!.text)).toEqual(one.structuredContent);

      const several = (await call('logpoint', { id, logpoints: [{ file: 'flow.ts', line: 31, expr: 'order.total = 1' }, { file: 'flow.ts', line: 22, expr: 'cart.subtotal' }] })).structuredContent as {
        verdict: string;
        logpoints: { placed: boolean; reason?: string; hits: unknown[] }[];
      };
      expect(several.verdict).toBe('reproduced');
      expect(several.logpoints[0]).toMatchObject({ placed: false, hits: [] });
      expect(several.logpoints[0]!.reason).toMatch(/^This logpoint is not run: `order.total = 1` assigns with '='/);
      expect(several.logpoints[1]).toMatchObject({ placed: true, ran: 1, hits: [{ step: 1, command: 'cmdFetchCart', value: 60 }] });

      const half = await call('logpoint', { id, file: 'flow.ts', line: 31 });
      expect(half.isError).toBe(true);
      expect(half.content[0]!.text).toMatch(/file, line and expr together/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('reads no flow file outside the roots the client gave', async () => {
    const client = await connect([DEMO]);
    try {
      const { id } = ((await client.callTool({ name: 'open_incident', arguments: { source: path.join(DEMO, 'checkout.trace.json'), flowFiles: [path.join(DEMO, 'flow.ts')] } })) as Result).structuredContent as { id: string };
      const outside = (await client.callTool({ name: 'logpoint', arguments: { id, file: 'flow.ts', line: 31, expr: 'total', flowFiles: [path.join(RETRY, 'flow.ts')] } })) as Result;
      expect(outside.isError).toBe(true);
      expect(outside.content[0]!.text).toMatch(/the flow file '.*price-retry-fallback\/flow\.ts' is outside the folders this session may read/);
    } finally {
      await client.close();
    }
  }, 60_000);
});
