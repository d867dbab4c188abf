// `timescope replay-all` end to end: the real binary (dist-cli, built by the global setup) on a
// corpus of checkout traces recorded here with our runtime from the shared fixture's flow
// (bench/checkoutCorpus.ts), inputs varied so most orders go through and one in five hits the
// zero-total failure. Verdicts are checked against what each recorded order was.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCapsule } from '../../src/core/share/capsule';
import { CHECKOUT_DIR, isZeroTotal, recordCheckoutCorpus, type CheckoutOrder } from '../../bench/checkoutCorpus';
import { withLeakProbes } from '../corpus/leakProbe';
import { runTimescope, type Run } from './support/timescope';

const TMP = mkdtempSync(path.join(tmpdir(), 'timescope-replay-all-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const timescope = (args: readonly string[], cwd = TMP): Promise<Run> => runTimescope(args, cwd);

interface JsonRow {
  source: string;
  line: number;
  verdict: string;
  path: string | null;
  unreached: string[];
  stepIndex: number | null;
  detail: string;
  outcomeUnproven: boolean;
  before?: string;
}

const rowsOf = (out: Run): JsonRow[] =>
  out.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as JsonRow);

const write = (name: string, text: string | Uint8Array) => {
  const file = path.join(TMP, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return name;
};

const fixtureText = (name: string) => readFileSync(path.join(CHECKOUT_DIR, name), 'utf8');

/** The fixture's flow with `from` replaced; fails loudly if the fixture no longer reads that way. */
function flowWith(from: string, to: string): string {
  const text = fixtureText('flow.ts');
  if (!text.includes(from)) throw new Error(`the checkout fixture's flow.ts no longer contains ${from}`);
  return text.replace(from, to);
}

const N = 60;
let orders: CheckoutOrder[];
/** the number of entries each order recorded: 3, or 2 without a promo code */
let entries: number[];

beforeAll(async () => {
  const corpus = await recordCheckoutCorpus(N, { zeroEvery: 5, noPromoEvery: 7 });
  orders = corpus.orders;
  entries = corpus.jsonl
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { trace: unknown[] }).trace.length);
  write('day.jsonl', corpus.jsonl);
  write('flow.ts', fixtureText('flow.ts'));
  write('fixed.ts', fixtureText('fixed.ts'));
  // A change that adds a Command at the end: every order that got through now asks for a step the trace does not hold.
  write('receipt.ts', flowWith('effectPipe(fetchCart, applyPromo, chargeCard)', 'effectPipe(fetchCart, applyPromo, chargeCard, sendReceipt)') + SEND_RECEIPT);
  // One that adds a Command after the cart is loaded: every trace diverges at path 1.
  write('reserve.ts', flowWith('effectPipe(fetchCart, applyPromo, chargeCard)', 'effectPipe(fetchCart, reserveStock, applyPromo, chargeCard)') + RESERVE_STOCK);
}, 60_000);

const SEND_RECEIPT = `
const sendReceipt = (order: any) => {
    const cmdSendReceipt = () => ({ sent: order.orderId });
    return Command(cmdSendReceipt, () => Success(order));
};
`;
const RESERVE_STOCK = `
const reserveStock = (order: any) => {
    const cmdReserveStock = () => ({ reserved: true });
    return Command(cmdReserveStock, () => Success(order));
};
`;

describe.concurrent('replay-all --json on a recorded corpus', () => {
  it('against the fix: the zero-total orders are fixed (the charge unreached), every other one reproduced; exit 0', async () => {
    const out = await timescope(['replay-all', 'day.jsonl', 'fixed.ts', '--json']);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const rows = rowsOf(out);
    expect(rows.map((r) => [r.source, r.line])).toEqual(orders.map((_, i) => ['day.jsonl', i + 1]));
    rows.forEach((row, i) => {
      if (isZeroTotal(orders[i]!)) expect(row).toMatchObject({ verdict: 'fixed', path: null, unreached: ['cmdChargeCard'], outcomeUnproven: false });
      else expect(row).toMatchObject({ verdict: 'reproduced', unreached: [], outcomeUnproven: true });
    });
    expect(rows.filter((r) => r.verdict === 'fixed').length).toBe(orders.filter(isZeroTotal).length);
  });

  it('with the original as --baseline, each row says before and after, and every outcome is proven', async () => {
    const rows = rowsOf(await timescope(['replay-all', 'day.jsonl', 'fixed.ts', '--baseline', 'flow.ts', '--json']));
    expect(rows.length).toBe(N);
    rows.forEach((row, i) => {
      expect(row.before).toBe('reproduced');
      expect(row.verdict).toBe(isZeroTotal(orders[i]!) ? 'fixed' : 'reproduced');
      expect(row.outcomeUnproven).toBe(false);
    });
  });

  it('against a change that adds a Command at the end: a missing step right after the last recorded one; exit 1', async () => {
    const out = await timescope(['replay-all', 'day.jsonl', 'receipt.ts', '--json']);
    expect(out.code).toBe(1);
    rowsOf(out).forEach((row, i) => {
      // The zero-total charge throws, so that run ends before it would send a receipt: still production's Failure.
      if (isZeroTotal(orders[i]!)) expect(row).toMatchObject({ verdict: 'reproduced', path: '2', stepIndex: 2, detail: 'Failure: Amount must be non-zero.' });
      else expect(row).toMatchObject({ verdict: 'missing-step', path: String(entries[i]), unreached: [] });
    });
  });

  it('against a change that adds a Command after the cart: diverged at path 1, everything from there unreached', async () => {
    const out = await timescope(['replay-all', 'day.jsonl', 'reserve.ts', '--json']);
    expect(out.code).toBe(1);
    rowsOf(out).forEach((row, i) => {
      const second = orders[i]!.promoCode ? 'cmdValidatePromo' : 'cmdChargeCard';
      expect(row).toMatchObject({ verdict: 'diverged', path: '1', stepIndex: 1 });
      expect(row.detail).toContain(`flow asked for 'cmdReserveStock', trace recorded '${second}'`);
      expect(row.unreached).toEqual(orders[i]!.promoCode ? ['cmdValidatePromo', 'cmdChargeCard'] : ['cmdChargeCard']);
    });
  });

  it('the default output counts every verdict and lists the rows that do not pass', async () => {
    const out = await timescope(['replay-all', 'day.jsonl', 'receipt.ts', '--jobs', '1']);
    const zero = orders.filter(isZeroTotal).length;
    expect(out.stdout).toMatch(new RegExp(`^Replayed ${N} traces against receipt\\.ts in [\\d.]+ s \\(1 worker\\)\\n`));
    expect(out.stdout).toMatch(new RegExp(`\\n  reproduced +${zero}\\n  fixed +0\\n  outcome-changed +0\\n  diverged +0\\n  missing-step +${N - zero}\\n  flow-error +0\\n`));
    const first = entries[0];
    expect(out.stdout).toContain(`Not passing (${N - zero}):\n  day.jsonl:1  missing-step at ${first}  ReplayError: Trace has no step at path '${first}' for 'cmdSendReceipt'`);
  });
});

describe.concurrent('replay-all with a what-if (--override), in every trace', () => {
  const receipt = '2={"chargeId":"ch_whatif"}';

  it('a receipt at path 2 fixes every zero-total order; an order with no step at path 2 says the what-if does not fit it', async () => {
    const out = await timescope(['replay-all', 'day.jsonl', 'flow.ts', '--override', receipt, '--json']);
    expect(out.stderr).toBe('timescope: what-if: 1 step changed: path 2 returns {"chargeId":"ch_whatif"}, in every trace\n');
    const rows = rowsOf(out);
    expect(rows.length).toBe(N);
    rows.forEach((row, i) => {
      if (entries[i] === 2) expect(row).toMatchObject({ verdict: 'flow-error', detail: "the what-if does not fit this trace: no step at path '2' in the trace" });
      else if (isZeroTotal(orders[i]!)) expect(row).toMatchObject({ verdict: 'fixed', unreached: [], detail: 'Success, where production ended in Failure: Amount must be non-zero.' });
      else expect(row).toMatchObject({ verdict: 'reproduced' });
    });
    expect(rows.some((r) => r.verdict === 'flow-error')).toBe(true);
    expect(out.code).toBe(1);
  });

  it('the baseline reads the recording: before is production (reproduced), after the what-if', async () => {
    const rows = rowsOf(await timescope(['replay-all', 'day.jsonl', 'flow.ts', '--baseline', 'flow.ts', '--override', receipt, '--json']));
    rows.forEach((row, i) => {
      expect(row.before).toBe('reproduced');
      if (entries[i] === 3 && isZeroTotal(orders[i]!)) expect(row.verdict).toBe('fixed');
    });
    expect(rows.filter((r) => r.verdict === 'fixed').length).toBe(orders.filter((o, i) => entries[i] === 3 && isZeroTotal(o)).length);
  });

  it('an override that is not PATH=JSON, or a file that is not a list of overrides, is a usage problem (exit 2) that names it', async () => {
    const bad = await timescope(['replay-all', 'day.jsonl', 'flow.ts', '--override', '2=not json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^timescope: --override /);
    write('overrides-bad.json', JSON.stringify([{ at: '2', kind: 'result' }, { at: 3 }]));
    const file = await timescope(['replay-all', 'day.jsonl', 'flow.ts', '--override-file', 'overrides-bad.json']);
    expect(file.code).toBe(2);
    expect(file.stderr).toMatch(/override file 'overrides-bad\.json': entry 0 \(value\)/);
  });
});

describe.concurrent('--shard', () => {
  const folder = 'corpus';
  beforeAll(() => {
    const lines = readFileSync(path.join(TMP, 'day.jsonl'), 'utf8').trim().split('\n');
    write(`${folder}/b-morning.jsonl`, `${lines.slice(0, 25).join('\n')}\n`);
    write(`${folder}/a-night.jsonl`, `${lines.slice(25, 50).join('\n')}\n`);
    write(`${folder}/incident.json`, JSON.stringify(JSON.parse(lines[50]!), null, 2));
    write(`${folder}/incident.zip`, buildCapsule({ v: 1, trace: JSON.parse(lines[51]!) as never, sources: [{ name: 'flow.ts', text: fixtureText('flow.ts') }] }));
    write(`${folder}/notes.txt`, 'not a trace file');
  });

  it('a folder: every .json, .jsonl and capsule in it, by name; three shards are disjoint and together the whole', async () => {
    const all = rowsOf(await timescope(['replay-all', folder, 'fixed.ts', '--json']));
    const key = (r: JsonRow) => `${r.source}:${r.line}`;
    expect([...new Set(all.map((r) => r.source))]).toEqual([`${folder}/a-night.jsonl`, `${folder}/b-morning.jsonl`, `${folder}/incident.json`, `${folder}/incident.zip`]);
    expect(all.length).toBe(52);
    const shards = await Promise.all([1, 2, 3].map((i) => timescope(['replay-all', folder, 'fixed.ts', '--json', '--shard', `${i}/3`])));
    const keys = shards.map((s) => rowsOf(s).map(key));
    for (const k of keys) expect(k.length).toBeGreaterThan(5); // a hash that put everything in one shard would pass the rest
    expect(keys.flat().sort()).toEqual(all.map(key).sort());
    expect(new Set(keys.flat()).size).toBe(all.length);
    // Each shard keeps input order, and a trace's verdict does not depend on the shard it is in.
    const byKey = new Map(all.map((r) => [key(r), r]));
    for (const s of shards) {
      const rows = rowsOf(s);
      expect(rows.map(key)).toEqual(all.map(key).filter((k) => rows.some((r) => key(r) === k)));
      for (const r of rows) expect(r).toEqual(byKey.get(key(r)));
    }
  });
});

/** Elements of an XML text as a strict parser reads it (saxes throws on anything not well-formed). */
function parseXml(xml: string) {
  const parser = new SaxesParser();
  const elements: { name: string; attributes: Record<string, string> }[] = [];
  parser.on('opentag', (tag) => void elements.push({ name: tag.name, attributes: tag.attributes as Record<string, string> }));
  parser.write(xml).close();
  return elements;
}

describe.concurrent('--junit', () => {
  it('one test case per trace, a failure for each that does not pass, and hostile names arrive as text', async () => {
    const lines = readFileSync(path.join(TMP, 'day.jsonl'), 'utf8').trim().split('\n').slice(0, 12);
    // A recorded command name that would close the element and open another, were it not escaped.
    const hostile = JSON.parse(lines[3]!) as { trace: { command: string }[] };
    hostile.trace[0]!.command = 'cmd"/><failure type="forged">]]>&\u0001';
    lines[3] = JSON.stringify(hostile);
    write('junit.jsonl', `${lines.join('\n')}\n`);
    const out = await timescope(['replay-all', 'junit.jsonl', 'receipt.ts', '--junit', 'report.xml']);
    expect(out.code).toBe(1);
    const els = parseXml(readFileSync(path.join(TMP, 'report.xml'), 'utf8'));
    const cases = els.filter((e) => e.name === 'testcase');
    expect(cases.map((c) => c.attributes.name)).toEqual(lines.map((_, i) => `junit.jsonl:${i + 1}`));
    const failures = els.filter((e) => e.name === 'failure');
    const passing = orders.slice(0, 12).filter((o, i) => i !== 3 && isZeroTotal(o)).length;
    expect(failures.length).toBe(12 - passing);
    expect(failures.map((f) => f.attributes.type)).not.toContain('forged');
    const paradox = failures.find((f) => f.attributes.type === 'diverged')!;
    expect(paradox.attributes.message).toContain("trace recorded 'cmd\"/><failure type=\"forged\">]]>&");
    expect(els.find((e) => e.name === 'testsuites')!.attributes).toMatchObject({ tests: '12', failures: String(12 - passing) });
  });
});

describe.concurrent('exit status 2 for unusable input, naming what and where', () => {
  it.each([
    ['no flow file', ['replay-all', 'day.jsonl'], /^timescope: missing <flow\.ts\|js>/],
    ['no traces', ['replay-all', 'flow.ts'], /^timescope: missing <traces\.jsonl\|folder\|capsule\.zip>/],
    ['an unknown option', ['replay-all', 'day.jsonl', 'flow.ts', '--jsno'], /^timescope: unknown option '--jsno'/],
    ['a bad shard', ['replay-all', 'day.jsonl', 'flow.ts', '--shard', '4/3'], /^timescope: --shard 4\/3: i must be between 1 and n/],
    ['bad --jobs', ['replay-all', 'day.jsonl', 'flow.ts', '--jobs', '0'], /^timescope: --jobs takes a whole number/],
    ['a file that is not there', ['replay-all', 'nowhere.jsonl', 'flow.ts'], /^timescope: cannot read traces 'nowhere\.jsonl': no such file or folder\n$/],
    ['a flow file that is not there', ['replay-all', 'day.jsonl', 'nope.ts'], /^timescope: cannot read source file 'nope\.ts': no such file\n$/]
  ])('%s', async (_what, args, message) => {
    const out = await timescope(args);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(message);
    expect(out.stdout).toBe('');
  });

  it('an empty corpus', async () => {
    write('empty.jsonl', '\n\n');
    const out = await timescope(['replay-all', 'empty.jsonl', 'flow.ts']);
    expect(out).toMatchObject({ code: 2, stderr: "timescope: no traces in 'empty.jsonl'\n" });
  });

  it('a line that is not a trace: named by file and line; the other traces still replay', async () => {
    const lines = readFileSync(path.join(TMP, 'day.jsonl'), 'utf8').trim().split('\n').slice(0, 4);
    write('broken.jsonl', [lines[0], lines[1]!.slice(0, 80), lines[2], '{"command":"cmdFetchCart","path":"0"}', lines[3]].join('\n'));
    const out = await timescope(['replay-all', 'broken.jsonl', 'fixed.ts', '--json']);
    expect(out.code).toBe(2);
    expect(rowsOf(out).map((r) => r.line)).toEqual([1, 3, 5]);
    expect(out.stderr).toMatch(/^timescope: broken\.jsonl:2: not valid JSON \(.+\)\ntimescope: broken\.jsonl:4: one trace entry, not a whole trace/);
  });

  it('a log whose first 20 lines hold no trace is refused as a whole, naming line 1, before any replay', async () => {
    const log = Array.from({ length: 50_000 }, (_, i) => JSON.stringify({ level: 'info', msg: `request ${i}` }));
    write('app.log.jsonl', log.join('\n'));
    const out = await timescope(['replay-all', 'app.log.jsonl', 'flow.ts', '--json']);
    expect(out).toMatchObject({ code: 2, stdout: '' });
    expect(out.stderr).toBe(
      "timescope: 'app.log.jsonl' holds no trace in its first 20 lines, so it is not a corpus of traces (line 1: not a pure-effect trace: expected an object with a `trace` array, from recordEffect or a recorder’s toTrace)\n"
    );
  });

  it('after a trace, every bad line is set aside: the first 100 named, the rest counted', async () => {
    const [good] = readFileSync(path.join(TMP, 'day.jsonl'), 'utf8').trim().split('\n');
    write('cut.jsonl', [good, ...Array.from({ length: 130 }, () => '{"cut')].join('\n'));
    const out = await timescope(['replay-all', 'cut.jsonl', 'flow.ts', '--json']);
    expect(out.code).toBe(2);
    expect(rowsOf(out).map((r) => r.line)).toEqual([1]);
    const said = out.stderr.trim().split('\n');
    expect(said).toHaveLength(101);
    expect(said[0]).toMatch(/^timescope: cut\.jsonl:2: not valid JSON/);
    expect(said[99]).toMatch(/^timescope: cut\.jsonl:101: not valid JSON/);
    expect(said[100]).toBe('timescope: and 30 more lines that hold no trace');
  });

  it('a flow that does not compile: its file, line and column, and no verdicts', async () => {
    write('syntax.ts', `${fixtureText('flow.ts')}\nexport const oops = (;\n`);
    const out = await timescope(['replay-all', 'day.jsonl', 'syntax.ts', '--json']);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/^timescope: syntax\.ts:\d+:\d+: cannot compile: /);
  });
});

describe.concurrent('a hostile flow', () => {
  it('nothing a trace leaves behind reaches the next one in the same worker: globals, shared endowments, the sandbox’s own accessors', async () => {
    write('probe.ts', withLeakProbes(fixtureText('flow.ts')));
    const out = await timescope(['replay-all', 'day.jsonl', 'probe.ts', '--json', '--jobs', '1']);
    const rows = rowsOf(out);
    expect(rows.filter((r) => r.verdict === 'flow-error').map((r) => r.detail)).toEqual([]);
    expect(rows.length).toBe(N);
    expect(out.code).toBe(0);
  });

  it('an infinite loop on one order: that trace is a flow-error after --timeout, every other one replays', async () => {
    const victim = 5;
    write(
      'loop.ts',
      flowWith('const applyPromo = (order: CheckoutInput & { cart: Cart }) => {', `const applyPromo = (order: CheckoutInput & { cart: Cart }) => {\n    if (order.orderId === '${orders[victim]!.orderId}') while (true) {}`)
    );
    const out = await timescope(['replay-all', 'day.jsonl', 'loop.ts', '--json', '--timeout', '0.5', '--jobs', '2']);
    expect(out.code).toBe(1);
    const rows = rowsOf(out);
    expect(rows.length).toBe(N);
    rows.forEach((row, i) => {
      if (i === victim) expect(row).toMatchObject({ verdict: 'flow-error', detail: expect.stringMatching(/^the flow's code did not finish within 0\.5 s, so it was stopped/) });
      else expect(row.verdict).toBe('reproduced');
    });
  });

  it('an allocation without bound on one order: that trace is a flow-error past --max-memory, every other one replays', async () => {
    const victim = 8;
    write(
      'hog.ts',
      flowWith(
        'const applyPromo = (order: CheckoutInput & { cart: Cart }) => {',
        `const applyPromo = (order: CheckoutInput & { cart: Cart }) => {\n    if (order.orderId === '${orders[victim]!.orderId}') { const all: number[][] = []; for (;;) all.push(new Array(100000).fill(all.length)); }`
      )
    );
    const out = await timescope(['replay-all', 'day.jsonl', 'hog.ts', '--json', '--max-memory', '64', '--jobs', '1']);
    expect(out.code).toBe(1);
    rowsOf(out).forEach((row, i) => {
      if (i === victim) expect(row).toMatchObject({ verdict: 'flow-error', detail: expect.stringMatching(/used more than the 64 MB of memory/) });
      else expect(row.verdict).toBe('reproduced');
    });
  }, 60_000);
});
