// `timescope replay-all` over a corpus the main thread reads as shared bytes and the workers decode
// a line at a time (src/cli/corpusFiles.ts, src/sandbox/node/pool.ts): the real binary on what
// that could get wrong. Lines with multi-byte and broken UTF-8 at their edges, a BOM, CRLF and
// blank lines give the rows and messages of the text the whole file decodes to; a corpus read
// from a pipe or a named pipe; a trace that loops or hoards memory in the middle of a worker's
// batch, whose other traces are sent again; and a flow that does not load, refused once, with
// nothing else on stderr.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonlItems, parseItem } from '../../src/core/batch/corpus';
import { CHECKOUT_DIR, isZeroTotal, recordCheckoutCorpus, type CheckoutOrder } from '../../bench/checkoutCorpus';

const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/timescope.mjs');
const TMP = mkdtempSync(path.join(tmpdir(), 'timescope-replay-bytes-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function timescope(args: readonly string[], pipedFrom?: string): Promise<Run> {
  // A file piped in through a shell: the CLI then reads a FIFO, whose size no stat tells.
  const [file, argv] = pipedFrom ? ['/bin/sh', ['-c', `cat '${pipedFrom}' | "$0" "$@"`, process.execPath, BIN, ...args]] : [process.execPath, [BIN, ...args]];
  return new Promise((resolve) => {
    execFile(file, argv, { cwd: TMP, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

interface JsonRow {
  source: string;
  line: number;
  verdict: string;
  detail: string;
  unreached: string[];
}

const rowsOf = (out: Run): JsonRow[] =>
  out.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as JsonRow);

const fixtureText = (name: string) => readFileSync(path.join(CHECKOUT_DIR, name), 'utf8');

/** The fixture's flow with `from` replaced; fails loudly if the fixture no longer reads that way. */
function flowWith(from: string, to: string): string {
  const text = fixtureText('flow.ts');
  if (!text.includes(from)) throw new Error(`the checkout fixture's flow.ts no longer contains ${from}`);
  return text.replace(from, to);
}

const APPLY_PROMO = 'const applyPromo = (order: CheckoutInput & { cart: Cart }) => {';

/** Enough traces that each worker's batches hold dozens: a victim at 300 is in the middle of one. */
const N = 600;
let lines: string[];
let orders: CheckoutOrder[];

beforeAll(async () => {
  const corpus = await recordCheckoutCorpus(N);
  lines = corpus.jsonl.trim().split('\n');
  orders = corpus.orders;
  writeFileSync(path.join(TMP, 'day.jsonl'), corpus.jsonl);
  writeFileSync(path.join(TMP, 'flow.ts'), fixtureText('flow.ts'));
}, 60_000);

type Part = string | number[] | Buffer;
const bytes = (...parts: Part[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

/** Line `i` of the corpus with its first step's command renamed, in raw bytes. */
function renamed(i: number, ...name: Part[]): Buffer {
  const [before, after] = lines[i]!.split('"cmdFetchCart"');
  return bytes(`${before}"`, ...name, `"${after}`);
}

describe.concurrent('lines decoded one by one in the workers', () => {
  it('multi-byte and broken UTF-8, a BOM, CRLF and blank lines: the rows and messages of the text the whole file decodes to', async () => {
    // Bytes, not text: a command name with multi-byte characters and one with a lone 0xff and a
    // 3-byte sequence cut short, a line that ends inside a character, a 4-byte one cut by CRLF,
    // and a BOM that starts a later line.
    const raw = bytes(
      [0xef, 0xbb, 0xbf],
      lines[0]!,
      '\r\n\r\n \t \r\n',
      renamed(1, 'cmdCafé’🙂'),
      '\n',
      renamed(2, 'cmd', [0xff, 0xe2, 0x82], 'X'),
      '\n{"trace":[{"command":"x',
      [0xe2, 0x82],
      '\n{"broken": "',
      [0xf0, 0x9f],
      '\r\n',
      [0xef, 0xbb, 0xbf],
      lines[3]!,
      '\n  ',
      lines[4]!,
      ' \t\r\n',
      lines[5]!
    );
    writeFileSync(path.join(TMP, 'utf8.jsonl'), raw);
    const out = await timescope(['replay-all', 'utf8.jsonl', 'flow.ts', '--json', '--jobs', '2']);
    // What the file says, read the way the previous build read it: the whole file decoded, then cut.
    const items = jsonlItems(raw.toString('utf8'), 'utf8.jsonl');
    const parsed = items.map((i) => ({ item: i, parsed: parseItem(i.text) }));
    const traces = parsed.filter((p) => 'trace' in p.parsed);
    expect(rowsOf(out).map((r) => r.line)).toEqual(traces.map((t) => t.item.line));
    const problems = parsed.filter((p) => 'problem' in p.parsed).map((p) => `timescope: utf8.jsonl:${p.item.line}: ${(p.parsed as { problem: string }).problem}\n`);
    expect(problems).toHaveLength(3); // the cut character, the cut 4-byte one, the BOM at a line's start
    expect(out.stderr).toBe(problems.join(''));
    expect(out.code).toBe(2);
    const [, cafe, broken] = rowsOf(out);
    expect(cafe).toMatchObject({ line: 4, verdict: 'diverged' });
    expect(cafe!.detail).toContain("trace recorded 'cmdCafé’🙂'");
    expect(broken).toMatchObject({ line: 5, verdict: 'diverged' });
    expect(broken!.detail).toContain("trace recorded 'cmd\ufffd\ufffdX'");
  });

  it('a corpus read from a pipe replays as the file does, in input order', async () => {
    const [piped, file] = await Promise.all([
      timescope(['replay-all', '/dev/stdin', 'flow.ts', '--json', '--jobs', '3'], 'day.jsonl'),
      timescope(['replay-all', 'day.jsonl', 'flow.ts', '--json', '--jobs', '3'])
    ]);
    expect(file.code).toBe(0);
    expect(rowsOf(file).map((r) => r.line)).toEqual(lines.map((_, i) => i + 1));
    expect(piped.stdout).toBe(file.stdout.replaceAll('"source":"day.jsonl"', '"source":"/dev/stdin"'));
  });

  it('a named pipe, which the CLI opens once (a second open would leave its writer without a reader)', async () => {
    execFileSync('mkfifo', [path.join(TMP, 'fifo.jsonl')]);
    const writer = spawn('/bin/sh', ['-c', 'cat day.jsonl > fifo.jsonl'], { cwd: TMP, stdio: 'ignore' });
    const [piped, file] = await Promise.all([timescope(['replay-all', 'fifo.jsonl', 'flow.ts', '--json']), timescope(['replay-all', 'day.jsonl', 'flow.ts', '--json'])]);
    writer.kill();
    expect(piped.stderr).toBe('');
    expect(piped.stdout).toBe(file.stdout.replaceAll('"source":"day.jsonl"', '"source":"fifo.jsonl"'));
  });

  it('an empty file holds no traces', async () => {
    writeFileSync(path.join(TMP, 'zero.jsonl'), '');
    expect(await timescope(['replay-all', 'zero.jsonl', 'flow.ts'])).toMatchObject({ code: 2, stderr: "timescope: no traces in 'zero.jsonl'\n" });
  });
});

describe.concurrent('a trace that stops its worker in the middle of a batch', () => {
  const victim = 300;

  it('an infinite loop: that trace is a flow-error after --timeout; the rest of its batch is sent again and replays', async () => {
    writeFileSync(path.join(TMP, 'loop.ts'), flowWith(APPLY_PROMO, `${APPLY_PROMO}\n    if (order.orderId === '${orders[victim]!.orderId}') while (true) {}`));
    // 2 s, not less: with the rest of the unit suite beside it on 2 cores, a plain trace's replay
    // took more than 0.5 s now and then, and read as the loop's.
    const out = await timescope(['replay-all', 'day.jsonl', 'loop.ts', '--json', '--timeout', '2', '--jobs', '2']);
    expect(out.code).toBe(1);
    const rows = rowsOf(out);
    expect(rows.map((r) => r.line)).toEqual(lines.map((_, i) => i + 1));
    rows.forEach((row, i) => {
      if (i === victim) expect(row).toMatchObject({ verdict: 'flow-error', detail: expect.stringMatching(/^the flow's code did not finish within 2 s/) });
      else expect(row.verdict).toBe('reproduced');
    });
  });

  it('memory without bound: that trace is a flow-error past --max-memory; the rest of its batch is sent again and replays', async () => {
    writeFileSync(
      path.join(TMP, 'hog.ts'),
      flowWith(APPLY_PROMO, `${APPLY_PROMO}\n    if (order.orderId === '${orders[victim]!.orderId}') { const all: number[][] = []; for (;;) all.push(new Array(100000).fill(all.length)); }`)
    );
    const out = await timescope(['replay-all', 'day.jsonl', 'hog.ts', '--json', '--max-memory', '64', '--jobs', '2']);
    expect(out.code).toBe(1);
    const rows = rowsOf(out);
    expect(rows).toHaveLength(N);
    rows.forEach((row, i) => {
      if (i === victim) expect(row).toMatchObject({ verdict: 'flow-error', detail: expect.stringMatching(/used more than the 64 MB of memory/) });
      else expect(row).toMatchObject({ line: i + 1, verdict: 'reproduced', detail: isZeroTotal(orders[i]!) ? 'Failure: Amount must be non-zero.' : expect.stringMatching(/^Success/) });
    });
  }, 60_000);
});

describe.concurrent('a flow that does not load', () => {
  it('is said once, with nothing else on stderr, however many traces of a batch answered that it did not', async () => {
    writeFileSync(path.join(TMP, 'syntax.ts'), `${fixtureText('flow.ts')}\nexport const oops = (;\n`);
    // One worker, so its first batch holds a quarter of the corpus: each of those traces closes the pool.
    const out = await timescope(['replay-all', 'day.jsonl', 'syntax.ts', '--json', '--jobs', '1']);
    expect(out).toMatchObject({ code: 2, stdout: '' });
    expect(out.stderr).toMatch(/^timescope: syntax\.ts:\d+:\d+: cannot compile: Unexpected token\n\(the flow could not replay day\.jsonl:1, so no trace was replayed\)\n$/);
  });
});
