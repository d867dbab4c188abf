// The `timescope` command end to end: spawn `node bin/timescope.mjs` as a person would run it, for
// every shared fixture case and variant, plus the usage errors. The narration must match
// expected/narration*.txt byte for byte (those files hold the lines joined by '\n' with no final
// newline; console.log ends every line with one, so stdout is the file plus '\n').
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureRuns, type FixtureRun } from '../../src/core/source/test-support/fixtures';
import { parseCommandLine } from '../../src/cli/args';
import { buildCapsule } from '../../src/core/share/capsule';
import type { IncidentPayload } from '../../src/core/share/payload';
import { buildModel } from '../../src/core/trace/build';
import { runTimescope, type Run } from './support/timescope';

const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const TMP = mkdtempSync(path.join(tmpdir(), 'timescope-cli-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const timescope = (args: readonly string[], cwd = ROOT): Promise<Run> => runTimescope(args, cwd);

function tempFile(name: string, text: string | Uint8Array): string {
  const file = path.join(TMP, name);
  writeFileSync(file, text);
  return file;
}

/** A stored error as the library's own result reads in expected/replay*.json: no __error or __enumerable marks. */
function unmarked(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(unmarked);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(Object.entries(v).filter(([k]) => k !== '__error' && k !== '__enumerable').map(([k, x]) => [k, unmarked(x)]));
}

/**
 * The verdict a run must end with, by rule from the library's own answer (expected/replay*.json)
 * and the recording: a replay fault is diverged (TimeParadox) or missing-step (ReplayError), tier 2;
 * the flow's own throw is flow-error; the recorded code reproduces; a variant that ends in Success
 * where production failed is fixed; any other is reproduced or outcome-changed by its outcome.
 */
function expectedVerdict(run: FixtureRun): { verdicts: string[]; tier: 1 | 2 } {
  if (run.rejected) return { verdicts: ['flow-error'], tier: 1 };
  const { result } = JSON.parse(readFileSync(run.replayFile, 'utf8')) as { result: { type: string; error?: { name?: string } } };
  if (result.error?.name === 'TimeParadox') return { verdicts: ['diverged'], tier: 2 };
  if (result.error?.name === 'ReplayError') return { verdicts: ['missing-step'], tier: 2 };
  if (!run.id.includes('/')) return { verdicts: ['reproduced'], tier: 1 };
  const mine = JSON.parse(readFileSync(run.replayFile, 'utf8')) as { result: unknown; unreached?: unknown[] };
  const production = JSON.parse(readFileSync(path.join(run.dir, 'expected/replay.json'), 'utf8')) as { result: { type: string }; unreached?: unknown[] };
  if (production.result.type === 'Failure' && result.type === 'Success') return { verdicts: ['fixed'], tier: 1 };
  // Production's outcome is proven by the trace (a recorded throw ended it), or, for a variant given
  // another context than the recorded one, by the CLI's replay of the same files with the recorded
  // context: the case's own replay when the variant's file is the case's flow.
  const trace = JSON.parse(readFileSync(run.traceFile, 'utf8')) as { context?: unknown };
  const otherContext = run.context !== undefined && JSON.stringify(run.context) !== JSON.stringify(trace.context);
  if (otherContext && run.flowFile !== path.basename(fixtureRuns().find((r) => r.id === run.id.split('/')[0])!.flowFile)) {
    throw new Error(`${run.id}: a variant with its own context and its own file needs its expected verdict worked out here`);
  }
  const proven = buildModel(trace).outcome.known || otherContext;
  const sameCommands = JSON.stringify(mine.unreached ?? []) === JSON.stringify(proven ? (production.unreached ?? []) : []);
  const sameOutcome = !proven || JSON.stringify(mine.result) === JSON.stringify(production.result);
  return { verdicts: [sameCommands && sameOutcome ? 'reproduced' : 'outcome-changed'], tier: 1 };
}

/** stdout: the library's narration byte for byte, then a blank line and the verdict; returns the verdict's line. */
function afterNarration(stdout: string, narration: string): string {
  expect(stdout.startsWith(`${narration}\n\n`)).toBe(true);
  const rest = stdout.slice(narration.length + 2);
  expect(rest.endsWith('\n')).toBe(true);
  const lines = rest.slice(0, -1).split('\n');
  const last = lines[lines.length - 1]!;
  expect(last).toMatch(/^Verdict: /);
  return last;
}

describe.concurrent('timescope replay, every fixture case and variant', () => {
  it.each(fixtureRuns().map((r) => [r.id, r] as const))('%s', async (id, run) => {
    const args = ['replay', run.traceFile, path.join(run.dir, run.flowFile)];
    if (run.context !== undefined) args.push('--context', tempFile(`${id.replace('/', '--')}.context.json`, JSON.stringify(run.context)));
    if (run.version !== undefined) args.push('--build', run.version);
    const out = await timescope(args);
    const verdict = expectedVerdict(run);
    const line = afterNarration(out.stdout, run.narration);
    expect(verdict.verdicts.some((v) => line.startsWith(`Verdict: ${v}`))).toBe(true);
    const json = JSON.parse((await timescope([...args, '--json'])).stdout) as {
      verdict: string;
      tier: number;
      verdictText: string;
      unreachedCommands: string[];
      result: { type: string; error?: unknown };
      unreached: { command: string }[];
    };
    // The same verdict in --json as on the last line, with its tier and the unreached Commands by name.
    expect(verdict.verdicts).toContain(json.verdict);
    expect(`Verdict: ${json.verdictText}`).toBe(line);
    expect(json.tier).toBe(verdict.tier);
    expect(json.unreachedCommands).toEqual(json.unreached.map((e) => e.command));
    if (!run.rejected) {
      // --json gives the library's result and unreached entries too.
      const expected = JSON.parse(readFileSync(run.replayFile, 'utf8')) as { result: unknown; unreached: unknown[] };
      expect({ result: unmarked(json.result), unreached: json.unreached }).toEqual(expected);
    }
    if (run.rejected) {
      expect(out.code).toBe(2);
      expect(out.stderr).toMatch(/^timescope: the replay stopped with /);
    } else {
      const expected = JSON.parse(readFileSync(run.replayFile, 'utf8')) as { result: { type: string } };
      expect(out.stderr).toBe('');
      expect(out.code).toBe(expected.result.type === 'Success' ? 0 : 1);
    }
  });
});

describe.concurrent('timescope replay --json', () => {
  const checkout = fixtureRuns().find((r) => r.id === 'checkout-zero-total/reorder')!;
  it('prints the verdict, the stored result and the unreached entries as in the trace', async () => {
    const out = await timescope(['replay', checkout.traceFile, path.join(checkout.dir, checkout.flowFile), '--json']);
    expect(out.code).toBe(1);
    const summary = JSON.parse(out.stdout) as {
      verdict: string;
      tier: number;
      divergence: { path: string; asked: string; recorded: string; askedAt: { file: string; line: number }; libraryText: string };
      result: { type: string; error: { name: string } };
      unreached: unknown[];
    };
    const expected = JSON.parse(readFileSync(checkout.replayFile, 'utf8')) as { unreached: unknown[] };
    expect(summary.verdict).toBe('diverged');
    expect(summary.tier).toBe(2);
    // Where the change parts from the recording: the path, what it asked against what was recorded,
    // the line of the change that asked it (reorder.ts asks cmdValidatePromo first), the library's text.
    const reorder = readFileSync(path.join(checkout.dir, checkout.flowFile), 'utf8').split('\n');
    expect(summary.divergence).toMatchObject({ path: '0', asked: 'cmdValidatePromo', recorded: 'cmdFetchCart', askedAt: { file: path.join(checkout.dir, checkout.flowFile) } });
    expect(reorder[summary.divergence.askedAt.line - 1]).toMatch(/cmdValidatePromo/);
    expect(summary.divergence.libraryText).toMatch(/^TimeParadox: Time paradox at path '0'/);
    expect(summary.result).toMatchObject({ type: 'Failure', error: { name: 'TimeParadox' } });
    expect(summary.unreached).toEqual(expected.unreached);
  });
});

describe.concurrent('timescope usage errors', () => {
  const checkout = fixtureRuns().find((r) => r.id === 'checkout-zero-total')!;
  const flow = path.join(checkout.dir, 'flow.ts');

  it('prints usage for --help, help and replay --help', async () => {
    for (const args of [['--help'], ['help'], ['replay', '--help'], ['replay', '-h'], ['--', '--help']]) {
      const out = await timescope(args);
      expect(out.code).toBe(0);
      expect(out.stdout).toMatch(/^Usage: timescope /);
    }
  });

  it('skips one leading `--`, as npm users type it (npx timescope -- …)', () => {
    expect(parseCommandLine(['--', '--help'])).toMatchObject({ kind: 'help', text: expect.stringMatching(/^Usage: timescope <command>/) });
    expect(parseCommandLine(['--', 'replay', '-h'])).toMatchObject({ kind: 'help', text: expect.stringMatching(/^Usage: timescope replay /) });
    // A key is base64url: one in 64 starts with '-', and must still be read as --key's value.
    expect(parseCommandLine(['replay', 'c.capsule.enc', '--key', '-Ab_cd'])).toMatchObject({ kind: 'replay', args: { trace: 'c.capsule.enc', key: '-Ab_cd' } });
    expect(parseCommandLine(['--', 'replay', 't.json', 'flow.ts', '--json'])).toEqual({ kind: 'replay', args: { trace: 't.json', sources: ['flow.ts'], json: true, timeoutMs: 5000, maxMemoryMb: 1024 } });
    // Only one: a second `--` is still a command nobody knows, and `--` after replay ends the options.
    expect(parseCommandLine(['--', '--'])).toMatchObject({ kind: 'usage-error', message: "unknown command '--'" });
    expect(parseCommandLine(['replay', 't.json', '--', '--json'])).toMatchObject({ kind: 'replay', args: { sources: ['--json'], json: false } });
  });

  it('exits 2 with usage for an unknown option, command, or missing arguments', async () => {
    const unknown = await timescope(['replay', checkout.traceFile, flow, '--exprot', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^timescope: unknown option '--exprot'\n\nUsage: timescope replay/);
    expect(await timescope(['play'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^timescope: unknown command 'play'/) });
    expect(await timescope([])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^timescope: no command given/) });
    expect(await timescope(['replay', checkout.traceFile])).toMatchObject({ code: 2, stderr: expect.stringMatching(/missing <flow\.ts\|js>/) });
  });

  it('names a missing file', async () => {
    const out = await timescope(['replay', 'nope/trace.json', flow]);
    expect(out).toMatchObject({ code: 2, stdout: '', stderr: "timescope: cannot read trace file 'nope/trace.json': no such file\n" });
    const src = await timescope(['replay', checkout.traceFile, 'missing-flow.ts']);
    expect(src).toMatchObject({ code: 2, stderr: "timescope: cannot read source file 'missing-flow.ts': no such file\n" });
    const ctx = await timescope(['replay', checkout.traceFile, flow, '--context', 'ctx.json']);
    expect(ctx).toMatchObject({ code: 2, stderr: "timescope: cannot read context file 'ctx.json': no such file\n" });
  });

  it('says when the trace is not JSON, or not a trace', async () => {
    const bad = tempFile('bad.json', '{"trace": [');
    expect(await timescope(['replay', bad, flow])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^timescope: trace file '.*bad\.json' is not valid JSON: /) });
    const notTrace = tempFile('not-trace.json', '{"entries": []}');
    expect(await timescope(['replay', notTrace, flow])).toMatchObject({ code: 2, stderr: expect.stringMatching(/is not a pure-effect trace: expected an object with a `trace` array/) });
    const bare = tempFile('bare.json', '[]');
    expect(await timescope(['replay', bare, flow])).toMatchObject({ code: 2, stderr: expect.stringMatching(/holds a bare array of trace entries/) });
  });

  it('exits 2 when timeTravel rejects a malformed trace', async () => {
    const malformed = tempFile('malformed.json', '{"flowName": "checkout", "initialInput": {}, "trace": [5]}');
    const out = await timescope(['replay', malformed, flow]);
    expect(out).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "timescope: the library refused to replay this recording: timeTravel's trace entry 0 is the number 5; an entry is an object with a string command.\n"
    });
  });

  it('locates a compile error as file:line:column', async () => {
    const broken = tempFile('broken.ts', "import { Success } from 'pure-effect';\nexport function checkoutFlow(x) { return Success(x; }\n");
    const out = await timescope(['replay', checkout.traceFile, broken]);
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(`timescope: ${broken}:2:51: cannot compile: Unexpected token, expected ","\n`);
  });

  it('locates a compile error inside a typed arrow at its own line, not the arrow’s', async () => {
    // sucrase alone reports both at 26:60, the `=>` of `const applyPromo = (order: …) => {`
    const lines = readFileSync(flow, 'utf8').split('\n');
    expect(lines[30]).toBe('        const total = Math.round(order.cart.subtotal * (100 - percentOff)) / 100;');
    const inBody = tempFile('typed-arrow.ts', lines.map((l, i) => (i === 30 ? `${l} )(` : l)).join('\n'));
    const inCallback = tempFile('typed-callback.ts', lines.map((l, i) => (i === 29 ? l.replace('promo.percentOff : 0', 'promo.percentOff 0') : l)).join('\n'));
    const [body, callback] = await Promise.all([timescope(['replay', checkout.traceFile, inBody]), timescope(['replay', checkout.traceFile, inCallback])]);
    expect(body).toEqual({ code: 2, stdout: '', stderr: `timescope: ${inBody}:31:83: cannot compile: Unexpected token\n` });
    expect(callback).toEqual({ code: 2, stdout: '', stderr: `timescope: ${inCallback}:30:59: cannot compile: Unexpected token, expected ":"\n` });
  });

  it('lists the candidates of an ambiguous export and suggests --export', async () => {
    const two = tempFile('two.ts', "import { Success } from 'pure-effect';\nexport const first = (x) => Success(x);\nexport const second = (x) => Success(x);\n");
    const out = await timescope(['replay', checkout.traceFile, two]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain("exports several functions and none is named after the trace's flow 'checkout': first, second.");
    expect(out.stderr).toContain('--export first');
    const chosen = await timescope(['replay', checkout.traceFile, two, '--export', 'nope']);
    expect(chosen).toMatchObject({ code: 2, stderr: "timescope: 'two.ts' has no export named 'nope'; its exported functions are first, second.\n" });
  });

  it('reports a bug in flow code after the lines printed so far, at the person’s line', async () => {
    const buggy = tempFile(
      'buggy.ts',
      [
        "import { Success, Command, effectPipe } from 'pure-effect';",
        "import { db } from './services';",
        'const fetchCart = (o: { orderId: string }) => {',
        '  const cmdFetchCart = () => db.carts.findByOrderId(o.orderId);',
        '  return Command(cmdFetchCart, (cart: { items: unknown[] }) => Success({ ...o, n: db.count(cart.items) }));',
        '};',
        'export const checkoutFlow = (o: { orderId: string }) => effectPipe(fetchCart)(o);'
      ].join('\n')
    );
    const out = await timescope(['replay', checkout.traceFile, buggy]);
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(/^Replaying 'checkout' \(3 recorded steps\)\nInitial input: /);
    expect(out.stdout).toContain('Step 1: cmdFetchCart returned in 4.913ms');
    expect(out.stderr).toMatch(/^timescope: the replay stopped with StandInError: The flow touched `db.count` from '.\/services' outside a Command\./);
    expect(out.stderr).toContain(`\n    at ${buggy}:5:`);
  });
});

/** What `replay` adds after a fix's narration: production's failing step, as the checkout case recorded it. */
function expectProductionAfter(stdout: string, narration: string): void {
  expect(stdout.startsWith(`${narration}\n\n`)).toBe(true);
  const lines = stdout.slice(narration.length + 2).split('\n');
  expect(lines[0]).toBe('In production, Step 3: cmdChargeCard (path 2) explains the Failure.');
  expect(lines[1]).toBe('  changed on the way here, by cmdValidatePromo: percentOff: 100, total: 0');
  // The whole value, clipped: it starts as the value cmdChargeCard's builder was called with.
  expect(lines[2]).toMatch(/^ {2}It received \{"orderId":"ord_7Hq2","customerId":"cus_Ly81","promoCode":"FREE100",.*…$/);
  expect(lines[3]).toBe('  this replay never asked for it.');
  // Then the verdict, last: the fix ends before the failing step, and says that is its point.
  expect(lines.slice(4)).toEqual([
    '',
    "Verdict: fixed — the recorded Failure now ends in Success. The fix ends before cmdChargeCard, as intended: the library's warning that a recorded step was never reached says only that.",
    ''
  ]);
}

describe.concurrent('timescope replay incident.zip (a debug capsule)', () => {
  const plain = fixtureRuns().find((r) => r.id === 'checkout-zero-total')!;
  const fixed = fixtureRuns().find((r) => r.id === 'checkout-zero-total/fixed')!;
  const reorder = fixtureRuns().find((r) => r.id === 'checkout-zero-total/reorder')!;
  const read = (run: typeof plain, file: string) => readFileSync(path.join(run.dir, file), 'utf8');
  const exitOf = (run: typeof plain) => ((JSON.parse(readFileSync(run.replayFile, 'utf8')) as { result: { type: string } }).result.type === 'Success' ? 0 : 1);
  // The case's trace and flow.ts as shared, with fixed.ts as the person's edit of flow.ts.
  const incident: IncidentPayload = {
    v: 1,
    trace: JSON.parse(readFileSync(plain.traceFile, 'utf8')) as IncidentPayload['trace'],
    sources: [{ name: 'flow.ts', text: read(plain, 'flow.ts') }],
    edits: { 'flow.ts': read(fixed, fixed.flowFile) }
  };
  const capsule = tempFile('incident.zip', buildCapsule(incident));

  it('replays the original sources inside it, and says it also holds edited ones', async () => {
    const out = await timescope(['replay', capsule]);
    expect(afterNarration(out.stdout, plain.narration)).toBe('Verdict: reproduced — the replay ends as production did, asking the same recorded Commands: Failure: Amount must be non-zero.');
    expect(out.code).toBe(exitOf(plain));
    expect(out.stderr).toBe(`timescope: '${capsule}' also holds edited sources (flow.ts); add --edited to replay those instead of the originals.\n`);
  });

  it('--edited replays the edits: the fixed outcome', async () => {
    // The fixed variant is replayed at its own build, which the capsule does not know; --build gives it.
    const out = await timescope(['replay', capsule, '--edited', '--build', fixed.version!]);
    // The library's narration of the fix, then what production's failing step received (the originals, replayed too).
    expectProductionAfter(out.stdout, fixed.narration);
    expect(out.code).toBe(exitOf(fixed));
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('');
  });

  it('--baseline: after a fix, what production received at the failing step, and what produced it', async () => {
    const args = ['replay', plain.traceFile, path.join(fixed.dir, fixed.flowFile), '--baseline', path.join(plain.dir, 'flow.ts'), '--build', fixed.version!];
    const out = await timescope(args);
    expectProductionAfter(out.stdout, fixed.narration);
    const json = JSON.parse((await timescope([...args, '--json'])).stdout) as { incident: Record<string, unknown> };
    const recorded = JSON.parse(readFileSync(path.join(plain.dir, 'expected/provenance.json'), 'utf8')) as { steps: { command: string; received: { value: unknown } }[] };
    expect(json.incident).toMatchObject({
      step: 2,
      command: 'cmdChargeCard',
      path: '2',
      // The library's own record of what cmdChargeCard's builder was called with.
      received: recorded.steps.find((s) => s.command === 'cmdChargeCard')!.received.value,
      why: 'changed on the way here, by cmdValidatePromo',
      now: 'not-asked'
    });
    expect(json.incident.changes).toEqual([
      { path: 'percentOff', kind: 'added', after: 100 },
      { path: 'total', kind: 'added', after: 0 }
    ]);
  });

  it('a capsule that carries the incident\'s facts tells them without replaying the originals', async () => {
    const { factsOf } = await import('../../src/core/share/facts');
    const { replayTrace } = await import('../../src/core/replay/replayTrace');
    const { loadFlowAsApp, runsOf } = await import('../../src/core/replay/test-support/fixtures');
    const run = runsOf('checkout-zero-total')[0]!;
    const report = await replayTrace({ flowFn: loadFlowAsApp(run), trace: incident.trace as never });
    const withFacts = tempFile('with-facts.zip', buildCapsule({ ...incident, sources: [], edits: {}, facts: factsOf(report) }));
    const out = await timescope(['replay', withFacts, path.join(fixed.dir, fixed.flowFile), '--build', fixed.version!]);
    expectProductionAfter(out.stdout, fixed.narration);
  });

  it('source files given after it replace its sources', async () => {
    const out = await timescope(['replay', capsule, path.join(reorder.dir, reorder.flowFile)]);
    // The capsule's originals are production's code: the verdict names the line of each.
    expect(afterNarration(out.stdout, reorder.narration)).toMatch(/^Verdict: diverged \(tier 2\) — cmdValidatePromo asked at path 0, where the recording has cmdFetchCart: production asked it at path 1 \(asked at .*reorder\.ts:\d+\)\. Replay cannot verify/);
    expect(out.code).toBe(1);
  });

  it('says when it was redacted, and names capsule files in compile errors', async () => {
    const redacted = tempFile(
      'redacted.zip',
      buildCapsule({ v: 1, trace: incident.trace, sources: [{ name: 'flow.ts', text: 'export const checkoutFlow = (x) => (x;\n' }], redaction: { applied: true, rules: ['key:email', 'detector:luhn'] } })
    );
    const out = await timescope(['replay', redacted]);
    expect(out).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `timescope: '${redacted}' was redacted before sharing (key:email, detector:luhn): values in the trace may be stand-ins such as <email:3f2a1c>.\n` +
        `timescope: ${redacted}:sources/flow.ts:1:38: cannot compile: Unexpected token, expected ","\n`
    });
  });

  it('exits 2 with a clear message for a damaged capsule, one without sources, or --edited without edits', async () => {
    const bytes = readFileSync(capsule);
    const cut = tempFile('cut.zip', bytes.subarray(0, bytes.length >> 1));
    expect(await timescope(['replay', cut])).toEqual({
      code: 2,
      stdout: '',
      stderr: `timescope: cannot replay capsule '${cut}': The capsule is incomplete: the zip has no end-of-directory record, so it was cut short (or is not a whole zip).\n`
    });
    const bare = tempFile('trace-only.zip', buildCapsule({ v: 1, trace: incident.trace }));
    expect(await timescope(['replay', bare])).toMatchObject({ code: 2, stderr: expect.stringContaining(`capsule '${bare}' holds no source files`) });
    expect(await timescope(['replay', bare, '--edited'])).toMatchObject({ code: 2, stderr: expect.stringContaining('holds no source files') });
    const unedited = tempFile('unedited.zip', buildCapsule({ ...incident, edits: {} }));
    expect(await timescope(['replay', unedited, '--edited'])).toEqual({ code: 2, stdout: '', stderr: `timescope: capsule '${unedited}' holds no edited sources; replay it without --edited\n` });
  });

  it('--edited needs a capsule and no source files; a JSON trace still needs its flow', async () => {
    expect(parseCommandLine(['replay', 'incident.zip', '--edited'])).toEqual({ kind: 'replay', args: { trace: 'incident.zip', sources: [], json: false, edited: true, timeoutMs: 5000, maxMemoryMb: 1024 } });
    expect(await timescope(['replay', capsule, 'flow.ts', '--edited'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^timescope: --edited replays the edited sources inside a capsule \(\.zip\), so it takes no source files after it\n\nUsage: /)
    });
    const json = await timescope(['replay', plain.traceFile, '--edited']);
    expect(json).toMatchObject({ code: 2, stderr: expect.stringMatching(/^timescope: missing <flow\.ts\|js>/) });
    const jsonWithFlow = tempFile('flow-for-edited.ts', read(plain, 'flow.ts'));
    expect(await timescope(['replay', plain.traceFile, jsonWithFlow, '--edited'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^timescope: --edited replays the edited sources inside a capsule/) });
    // A capsule name with a typo is a missing file, not a missing flow.
    expect(await timescope(['replay', 'incidnet.zip'])).toEqual({ code: 2, stdout: '', stderr: "timescope: cannot read trace file 'incidnet.zip': no such file\n" });
  });
});

describe.concurrent('timescope replay: every verdict judged against production\'s proven outcome', () => {
  const tenant = fixtureRuns().find((r) => r.id === 'tenant-ask')!;
  const tenantFlow = path.join(tenant.dir, tenant.flowFile);
  const tenantTrace = () => JSON.parse(readFileSync(tenant.traceFile, 'utf8')) as Record<string, unknown>;

  it('another context that turns production\'s Success into a Failure is outcome-changed, judged against the recorded context', async () => {
    const context = tempFile('no-tenant.json', JSON.stringify({ flowName: 'list-invoices' }));
    for (const extra of [[], ['--baseline', tenantFlow]]) {
      const out = await timescope(['replay', tenant.traceFile, tenantFlow, '--context', context, '--json', ...extra]);
      const json = JSON.parse(out.stdout) as { verdict: string; verdictText: string; production: { proof: string; outcome: { type: string } } };
      expect(json.verdict).toBe('outcome-changed');
      expect(json.production).toMatchObject({ proof: 'replay', outcome: { type: 'Success' } });
      expect(json.verdictText).toMatch(/^outcome-changed — Failure: .*No tenant in request context.*, where production ended in Success/);
    }
  });

  it('a change that skips a recorded Command and returns another value is not reproduced', async () => {
    const skipped = tempFile('tenant-skip.ts', readFileSync(tenantFlow, 'utf8').replace('effectPipe(scopeToTenant, listInvoices, audit)', 'effectPipe(scopeToTenant, listInvoices)'));
    const out = await timescope(['replay', tenant.traceFile, skipped, '--baseline', tenantFlow, '--json']);
    const json = JSON.parse(out.stdout) as { verdict: string; verdictText: string; unreachedIndices: number[] };
    expect(json.verdict).toBe('outcome-changed');
    expect(json.unreachedIndices).toEqual([1]);
    expect(json.verdictText).toMatch(/never asks a recorded Command production asked \(cmdWriteAuditEntry\)/);
    // The recorded code itself: reproduced, and the header's proof says how production's outcome is known.
    const same = JSON.parse((await timescope(['replay', tenant.traceFile, tenantFlow, '--baseline', tenantFlow, '--json'])).stdout) as { verdict: string; production: { proofText: string } };
    expect(same.verdict).toBe('reproduced');
    expect(same.production.proofText).toBe('proven by replaying the recorded code with the recorded context');
  });

  it('the recorded code on a recording masked at the edge leaves a recorded Command unasked: no outcome is proven, and it is not reproduced', async () => {
    const register = fixtureRuns().find((r) => r.id === 'register-email-taken')!;
    const masked = JSON.parse(readFileSync(register.traceFile, 'utf8')) as { initialInput: { email: string } };
    masked.initialInput.email = '<redacted:email>';
    const trace = tempFile('masked-register.json', JSON.stringify(masked));
    const out = await timescope(['replay', trace, path.join(register.dir, register.flowFile), '--json']);
    const json = JSON.parse(out.stdout) as { verdict: string; production?: unknown; unreachedIndices: number[] };
    expect(json.verdict).not.toBe('reproduced');
    expect(json.production).toBeUndefined();
    expect(json.unreachedIndices).toEqual([0]);
    expect(out.code).not.toBe(0);
  });

  it('a trace the library refuses (no recorded context) is refused, tier 3, with --context as the advice, and replays once given one', async () => {
    const trace = tempFile('unrecorded-context.json', JSON.stringify({ ...tenantTrace(), context: undefined, unrecorded: { context: 'redact' } }));
    const out = await timescope(['replay', trace, tenantFlow]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^timescope: the library refused to replay this recording: The trace holds no context: redact threw on it/);
    expect(out.stderr).toContain('--context FILE');
    expect(out.stderr).not.toContain('options.context');
    expect(out.stderr).not.toMatch(/flow's own code/);
    const json = JSON.parse((await timescope(['replay', trace, tenantFlow, '--json'])).stdout) as { verdict: string; tier: number; verdictText: string; refusal: { field: string } };
    expect(json).toMatchObject({ verdict: 'refused', tier: 3, refusal: { field: 'context' } });
    expect(json.verdictText).toMatch(/^refused \(tier 3\) — the library will not replay this recording as given: .*--context FILE/);
    const context = tempFile('acme.json', JSON.stringify(tenantTrace().context));
    const given = await timescope(['replay', trace, tenantFlow, '--context', context]);
    expect(given.code).toBe(0);
    expect(given.stdout).toMatch(/\nVerdict: reproduced/);
  });

  it('a path-less trace\'s divergence names the Command recorded at that position', async () => {
    const legacy = fixtureRuns().find((r) => r.id === 'legacy-no-path/reorder')!;
    const json = JSON.parse((await timescope(['replay', legacy.traceFile, path.join(legacy.dir, legacy.flowFile), '--json'])).stdout) as { verdict: string; divergence: { recorded: string; text: string } };
    expect(json.verdict).toBe('diverged');
    expect(json.divergence.recorded).toBe('cmdFetchCart');
    expect(json.divergence.text).not.toMatch(/no step/);
  });
});
