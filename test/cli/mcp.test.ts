// `timescope mcp` end to end: the real binary as an MCP server over stdio, driven by the official
// SDK's client as an agent's would. The loop pure-effect is for: open the incident (the first
// screen), reproduce it, verify a fix by replay (fixed, tier 1), see a reorder halt (tier 2),
// leave a regression test and a redacted link a person can open.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLink } from '../../src/core/share/link';
import { fixtureRuns } from '../../src/core/source/test-support/fixtures';

const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/timescope.mjs');
const TMP = mkdtempSync(path.join(tmpdir(), 'timescope-mcp-test-'));
const plain = fixtureRuns().find((r) => r.id === 'checkout-zero-total')!;
const fixed = fixtureRuns().find((r) => r.id === 'checkout-zero-total/fixed')!;
const reorder = fixtureRuns().find((r) => r.id === 'checkout-zero-total/reorder')!;
const flow = path.join(plain.dir, 'flow.ts');

let client: Client;

/** A client as an agent's: it declares the folders the session may read as its roots. */
async function connect(roots: readonly string[]): Promise<Client> {
  const c = new Client({ name: 'timescope-test', version: '1.0.0' }, { capabilities: { roots: { listChanged: false } } });
  c.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots.map((r) => ({ uri: pathToFileURL(r).href, name: path.basename(r) })) }));
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd: ROOT, env: { ...process.env, TIMESCOPE_APP_URL: '' } as Record<string, string>, stderr: 'pipe' }));
  return c;
}

beforeAll(async () => {
  client = await connect([ROOT, path.dirname(plain.dir), TMP]);
});
afterAll(async () => {
  await client.close();
  rmSync(TMP, { recursive: true, force: true });
});

type Result = { content: { type: string; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };
const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result;

describe('timescope mcp', () => {
  it('lists its tools, each with a schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['export_test', 'get_step', 'list_steps', 'logpoint', 'minimize', 'narrate', 'open_incident', 'replay', 'replay_corpus', 'share_link']);
    for (const t of tools) expect(t.inputSchema.type).toBe('object');
  });

  it('walks the loop: the first screen, reproduce, a fix verified, a reorder handed to a person, a test, a link', async () => {
    const opened = await call('open_incident', { source: plain.traceFile, flowFiles: [flow] });
    expect(opened.isError).toBeFalsy();
    const first = opened.structuredContent as { id: string; outcome: { type: string }; explains: { command: string; why: string; received: { total: number } } };
    expect(first.outcome.type).toBe('Failure');
    expect(first.explains.command).toBe('cmdChargeCard');
    expect(first.explains.why).toBe('changed on the way here, by cmdValidatePromo');
    expect(first.explains.received.total).toBe(0);
    const id = first.id;

    // Reproduce: the recorded code against the recording.
    const again = (await call('replay', { id })).structuredContent as { verdict: string; tier: number };
    expect(again).toMatchObject({ verdict: 'reproduced', tier: 1 });

    // The fix, as text: fixed, tier 1, cmdChargeCard no longer reached.
    const fix = await call('replay', { id, sources: [{ name: 'flow.ts', text: readFileSync(path.join(fixed.dir, fixed.flowFile), 'utf8') }] });
    expect(fix.structuredContent).toMatchObject({ verdict: 'fixed', tier: 1, unreachedCommands: ['cmdChargeCard'], production: { proof: 'trace' } });
    // …and the filter's is:unreached finds the step the fix no longer reaches (entries parsed twice are matched by index).
    const unreached = (await call('list_steps', { id, filter: 'is:unreached' })).structuredContent as { steps: { command: string }[] };
    expect(unreached.steps.map((s) => s.command)).toEqual(['cmdChargeCard']);

    // A reorder asks for Commands in another order: replay cannot verify it (tier 2), and says where.
    const moved = (await call('replay', { id, flowFiles: [path.join(reorder.dir, reorder.flowFile)] })).structuredContent as {
      verdict: string;
      tier: number;
      divergence: { path: string; asked: string; recorded: string; recordedAt: { line: number } };
    };
    expect(moved).toMatchObject({ verdict: 'diverged', tier: 2, divergence: { path: '0', asked: 'cmdValidatePromo', recorded: 'cmdFetchCart' } });
    expect(readFileSync(flow, 'utf8').split('\n')[moved.divergence.recordedAt.line - 1]).toMatch(/cmdFetchCart/);
    // …and the filter's is:diverged now finds the step it parted at.
    const diverged = (await call('list_steps', { id, filter: 'is:diverged' })).structuredContent as { steps: { command: string }[] };
    expect(diverged.steps.map((s) => s.command)).toEqual(['cmdFetchCart']);

    // A what-if: had cmdChargeCard succeeded, the recorded code ends in Success.
    const whatIf = (await call('replay', { id, overrides: [{ at: '2', kind: 'result', value: { chargeId: 'ch_1', amount: 0, status: 'succeeded' } }] })).structuredContent as { verdict: string; verdictText: string };
    expect(whatIf.verdict).toBe('fixed');
    expect(whatIf.verdictText).toMatch(/^what-if \(1 step answered otherwise\): fixed/);

    const test = (await call('export_test', { id, flowFiles: [path.join(fixed.dir, fixed.flowFile)] })).structuredContent as { text: string };
    expect(test.text).toContain('replayEffect');
    expect(test.text).toContain('"cmdChargeCard"');
  }, 90_000);

  it('judges another context against the recorded one, and words a refusal with this tool\'s `context` argument', async () => {
    const tenant = fixtureRuns().find((r) => r.id === 'tenant-ask')!;
    const tenantFlow = path.join(tenant.dir, tenant.flowFile);
    const { id } = (await call('open_incident', { source: tenant.traceFile, flowFiles: [tenantFlow] })).structuredContent as { id: string };
    const noTenant = (await call('replay', { id, context: { flowName: 'list-invoices' } })).structuredContent as { verdict: string; verdictText: string; production: { proof: string } };
    expect(noTenant).toMatchObject({ verdict: 'outcome-changed', production: { proof: 'replay', outcome: { type: 'Success' } } });
    expect(noTenant.verdictText).toMatch(/where production ended in Success/);

    const trace = JSON.parse(readFileSync(tenant.traceFile, 'utf8')) as Record<string, unknown>;
    const unrecorded = path.join(TMP, 'unrecorded-context.json');
    writeFileSync(unrecorded, JSON.stringify({ ...trace, context: undefined, unrecorded: { context: 'copy' } }));
    const opened = (await call('open_incident', { source: unrecorded, flowFiles: [tenantFlow] })).structuredContent as { id: string };
    const refused = (await call('replay', { id: opened.id })).structuredContent as { verdict: string; tier: number; verdictText: string; refusal: { field: string; advice: string } };
    expect(refused).toMatchObject({ verdict: 'refused', tier: 3, refusal: { field: 'context' } });
    expect(refused.verdictText).toContain('`context` argument');
    expect(refused.verdictText).not.toMatch(/--context|options\.context/);
    expect(refused.refusal.advice).toContain('`context` argument');
    const given = (await call('replay', { id: opened.id, context: trace.context })).structuredContent as { verdict: string };
    expect(given.verdict).toBe('reproduced');
  }, 90_000);

  it('lists steps with the app filter, one step, the narration', async () => {
    const { id } = (await call('open_incident', { source: plain.traceFile, flowFiles: [flow] })).structuredContent as { id: string };
    const threw = (await call('list_steps', { id, filter: 'is:threw' })).structuredContent as { matched: number; steps: { step: number; command: string; status: string }[] };
    expect(threw).toMatchObject({ matched: 1, steps: [{ step: 3, command: 'cmdChargeCard', status: 'threw Error: Amount must be non-zero.' }] });
    const paged = (await call('list_steps', { id, offset: 1, limit: 1 })).structuredContent as { total: number; steps: { step: number }[] };
    expect(paged).toMatchObject({ total: 3, steps: [{ step: 2 }] });
    const bad = await call('list_steps', { id, filter: 'is:slow' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toContain('is:slow');
    const step = (await call('get_step', { id, step: 2 })).structuredContent as { command: string; why: string };
    expect(step).toMatchObject({ command: 'cmdValidatePromo', why: 'changed on the way here, by cmdFetchCart' });
    const told = await call('narrate', { id });
    expect(told.content[0]!.text.startsWith(`${plain.narration}\n`)).toBe(true);
  });

  it('a share link is redacted, opens at its step, and needs the app address', async () => {
    // The recorded incident, with the customer's email in its input as real ones have.
    const trace = JSON.parse(readFileSync(plain.traceFile, 'utf8')) as { initialInput: Record<string, unknown> };
    trace.initialInput.email = 'ann.lee@example.com';
    const file = path.join(TMP, 'with-email.json');
    writeFileSync(file, JSON.stringify(trace));
    const { id } = (await call('open_incident', { source: file })).structuredContent as { id: string };
    const refused = await call('share_link', { id });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/set the app's public address first: pass appUrl, or set TIMESCOPE_APP_URL/);
    const shared = (await call('share_link', { id, appUrl: 'https://timescope.example.org/app/', step: 3 })).structuredContent as { link: string; redacted: { replacements: number } };
    expect(shared.link.startsWith('https://timescope.example.org/app/#incident=')).toBe(true);
    expect(shared.link.endsWith('&step=3')).toBe(true);
    const decoded = decodeLink(shared.link);
    expect(decoded.ok).toBe(true);
    // The email is replaced (a pseudonym), as the app's default rules do; the rest is as recorded.
    const text = JSON.stringify(decoded.ok ? decoded.payload.trace : null);
    expect(shared.redacted.replacements).toBeGreaterThan(0);
    expect(text).not.toContain('ann.lee@example.com');
    expect(text).toContain('cmdChargeCard');
  });

  it("share_link checks the redaction against the repro: register-email-taken's email token breaks it, the email stand-in keeps it", async () => {
    const register = fixtureRuns().find((r) => r.id === 'register-email-taken')!;
    const { id } = (await call('open_incident', { source: register.traceFile, flowFiles: [path.join(register.dir, 'flow.ts')] })).structuredContent as { id: string };
    const appUrl = 'https://timescope.example.org/app/';
    type Repro = { checked: boolean; same: boolean; text: string; rules?: string[]; where?: unknown; fix?: { standIns: Record<string, string>; restores: boolean } };
    const broken = ((await call('share_link', { id, appUrl })).structuredContent as { repro: Repro }).repro;
    expect(broken).toMatchObject({ checked: true, same: false, rules: ['key:email'], where: { file: 'flow.ts', line: 16, field: 'email' }, fix: { standIns: { email: 'email' }, restores: true } });
    expect(broken.text).toMatch(/^Redacting `email` changes the failure .*: flow\.ts:16 reads email; a stand-in that keeps its format \(email\) fails the same way\.$/);
    const kept = (await call('share_link', { id, appUrl, standIns: broken.fix!.standIns })).structuredContent as { link: string; repro: Repro };
    expect(kept.repro).toEqual({ checked: true, same: true, text: 'The redacted incident still fails the same way ✓' });
    const decoded = decodeLink(kept.link);
    const sent = JSON.stringify(decoded.ok ? decoded.payload.trace : null);
    expect(sent).toMatch(/"email":"\s*u[0-9a-f]{6,}@example\.org\s*"/);
    expect(sent).not.toMatch(/hopper/i);
    // Without the flow's code there is nothing to replay, and the answer says so.
    const bare = (await call('open_incident', { source: register.traceFile })).structuredContent as { id: string };
    const unchecked = ((await call('share_link', { id: bare.id, appUrl })).structuredContent as { repro: Repro }).repro;
    expect(unchecked).toEqual({ checked: false, text: "Not checked: the incident has no flow code to replay (open it with the flow's files)." });
  });

  it('minimize writes the smallest incident that still fails the same way, 1-minimal, for the agent to share or test', async () => {
    const { id } = (await call('open_incident', { source: plain.traceFile, flowFiles: [flow] })).structuredContent as { id: string };
    const out = path.join(TMP, 'min');
    const done = (await call('minimize', { id, out })).structuredContent as { minimal: boolean; kept: string; files: { trace: string } };
    expect(done.minimal).toBe(true);
    expect(done.kept).toMatch(/^kept 1 of 5 fields, 0 of \d+ answers' fields, 3 of 3 entries/);
    expect(JSON.parse(readFileSync(path.join(out, 'trace.min.json'), 'utf8'))).toMatchObject({ initialInput: { promoCode: 'FREE100' } });
    const outside = await call('minimize', { id, out: '/etc/timescope-min' });
    expect(outside.isError).toBe(true);
  });

  it('replays a corpus against a change, with counts and the traces that do not pass', async () => {
    const folder = mkdtempSync(path.join(TMP, 'corpus-'));
    writeFileSync(path.join(folder, 'a.json'), readFileSync(plain.traceFile));
    writeFileSync(path.join(folder, 'b.json'), readFileSync(plain.traceFile));
    const fixes = (await call('replay_corpus', { corpus: [folder], flowFiles: [path.join(fixed.dir, fixed.flowFile)], baseline: flow })).structuredContent;
    expect(fixes).toMatchObject({ traces: 2, counts: { fixed: 2 }, passing: 2, failing: [] });
    const broken = (await call('replay_corpus', { corpus: [folder], flowFiles: [path.join(reorder.dir, reorder.flowFile)] })).structuredContent as { counts: unknown; failing: { verdict: string }[] };
    expect(broken.counts).toEqual({ diverged: 2 });
    expect(broken.failing.map((r) => r.verdict)).toEqual(['diverged', 'diverged']);
  });

  it('says what is wrong with a bad incident, and answers on', async () => {
    const missing = await call('open_incident', { source: path.join(TMP, 'nope.json') });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toMatch(/nope\.json/);
    const unknown = await call('get_step', { id: 'incident-999', step: 1 });
    expect(unknown).toMatchObject({ isError: true });
    expect(unknown.content[0]!.text).toMatch(/no incident 'incident-999' is open/);
    const { tools } = await client.listTools();
    expect(tools.length).toBe(10);
  });

  it('reads no file outside the roots the client gave, follows no link out of them', async () => {
    const narrow = await connect([TMP]);
    try {
      const outside = (await narrow.callTool({ name: 'open_incident', arguments: { source: plain.traceFile } })) as Result;
      expect(outside.isError).toBe(true);
      expect(outside.content[0]!.text).toMatch(/outside the folders this session may read/);
      const escape = path.join(TMP, 'escape.json');
      symlinkSync(plain.traceFile, escape);
      const linked = (await narrow.callTool({ name: 'open_incident', arguments: { source: escape } })) as Result;
      expect(linked.isError).toBe(true);
      writeFileSync(path.join(TMP, 'inside.json'), readFileSync(plain.traceFile));
      const inside = (await narrow.callTool({ name: 'open_incident', arguments: { source: path.join(TMP, 'inside.json'), flowFiles: ['/etc/passwd'] } })) as Result;
      expect(inside.isError).toBe(true);
      expect(inside.content[0]!.text).toMatch(/the flow file '\/etc\/passwd' is outside/);
    } finally {
      await narrow.close();
    }
  });

  it('refuses hostile flows as the CLI does, stops loops and hoarding, and answers on', async () => {
    const { id } = (await call('open_incident', { source: plain.traceFile, flowFiles: [flow] })).structuredContent as { id: string };
    const as = (text: string) => [{ name: 'flow.ts', text: `import { Success } from 'pure-effect';\n${text}` }];
    const network = (await call('replay', { id, sources: as("export const checkoutFlow = (o) => { fetch('http://127.0.0.1:9/'); return Success(o); };") })).structuredContent as { verdict: string; verdictText: string };
    expect(network.verdict).toBe('flow-error');
    expect(network.verdictText).toMatch(/SandboxError.*fetch/);
    const files = (await call('replay', { id, sources: as("import { readFileSync } from 'node:fs';\nexport const checkoutFlow = (o) => Success(readFileSync('/etc/passwd', 'utf8'));") })).structuredContent as { verdict: string; verdictText: string };
    expect(files.verdict).toBe('flow-error');
    expect(files.verdictText).toMatch(/node:fs/);
    const loop = await call('replay', { id, sources: as('export const checkoutFlow = (o) => { for (;;) {} };'), timeoutSeconds: 1 });
    expect(loop.isError).toBe(true);
    expect(loop.content[0]!.text).toMatch(/did not finish within 1 s, so it was stopped/);
    const hoard = await call('replay', { id, sources: as('export const checkoutFlow = (o) => { const a = []; for (;;) a.push(new Array(1e5).fill(o)); };'), maxMemoryMb: 64, timeoutSeconds: 30 });
    expect(hoard.isError).toBe(true);
    expect(hoard.content[0]!.text).toMatch(/used more than the 64 MB of memory it may have/);
    // The server is still there, and the recorded code still reproduces.
    expect((await call('replay', { id })).structuredContent).toMatchObject({ verdict: 'reproduced' });
  }, 90_000);
});
