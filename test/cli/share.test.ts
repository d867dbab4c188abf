// `timescope share` on the real binary: the redacted link and the check that it still fails the
// same way, as data (--json, as MCP share_link answers) and as an exit status a CI step can gate
// on. register-email-taken is the case where masking breaks the repro: the rule and the line are
// named, and the stand-in it offers, given back with --stand-in, restores it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLink } from '../../src/core/share/link';
import { fixtureRuns } from '../../src/core/source/test-support/fixtures';
import { ROOT, runTimescope } from './support/timescope';

const APP = 'https://timescope.example/';
const timescope = (args: readonly string[]) => runTimescope(args, ROOT);
const register = fixtureRuns().find((r) => r.id === 'register-email-taken')!;
const registerFlow = path.join(register.dir, register.flowFile);
/** The line of the fixture's own flow that reads the email, never hard-coded. */
const emailLine = readFileSync(registerFlow, 'utf8').split('\n').findIndex((l) => l.includes('form.email.trim()')) + 1;

interface Answer {
  link: string;
  redacted: { replacements: number };
  repro: { checked: boolean; same: boolean; text: string; rules?: string[]; where?: { file: string; line: number }; fix?: { standIns: Record<string, string>; restores: boolean } };
}

describe.concurrent('timescope share', () => {
  it('register-email-taken: the masked email breaks the repro, named with its rule and line; exit 1, the link printed all the same', async () => {
    const out = await timescope(['share', register.traceFile, registerFlow, '--app', APP, '--json']);
    expect(out.code, out.stderr).toBe(1);
    const answer = JSON.parse(out.stdout) as Answer;
    expect(answer.link.startsWith(`${APP}#incident=`)).toBe(true);
    expect(answer.repro).toMatchObject({ checked: true, same: false, rules: ['key:email'], where: { file: 'flow.ts', line: emailLine }, fix: { standIns: { email: 'email' }, restores: true } });
  });

  it('--stand-in email=email restores it: exit 0, and the link keeps the domain and nothing else of the address', async () => {
    const out = await timescope(['share', register.traceFile, registerFlow, '--app', APP, '--stand-in', 'email=email', '--json']);
    expect(out.code, out.stderr).toBe(0);
    const answer = JSON.parse(out.stdout) as Answer;
    expect(answer.repro).toMatchObject({ checked: true, same: true, text: 'The redacted incident still fails the same way ✓' });
    const decoded = decodeLink(answer.link);
    expect(decoded.ok).toBe(true);
    const email = decoded.ok ? (decoded.payload.trace as { initialInput: { email: string } }).initialInput.email : '';
    expect(email).toMatch(/^\s*u[0-9a-f]{6,}@example\.org\s*$/);
    expect(answer.link).not.toMatch(/hopper/i);
  });

  it('as text: the link, what was redacted, and the check', async () => {
    const checkout = fixtureRuns().find((r) => r.id === 'checkout-zero-total')!;
    const out = await timescope(['share', checkout.traceFile, path.join(checkout.dir, checkout.flowFile), '--app', APP, '--step', '3']);
    expect(out.code, out.stderr).toBe(0);
    const [link, blank, ...rest] = out.stdout.trimEnd().split('\n');
    expect(link).toMatch(/^https:\/\/timescope\.example\/#incident=.*&step=3$/);
    expect(blank).toBe('');
    expect(rest.at(-1)).toBe('The redacted incident still fails the same way ✓');
  });

  it('without the flow it says the check did not run, and exits 0', async () => {
    const out = await timescope(['share', register.traceFile, '--app', APP, '--json']);
    expect(out.code, out.stderr).toBe(0);
    expect((JSON.parse(out.stdout) as Answer).repro).toMatchObject({ checked: false, text: expect.stringMatching(/^Not checked: /) });
  });

  it('usage errors name what is wrong and exit 2', async () => {
    const noApp = await runTimescope(['share', register.traceFile, registerFlow], ROOT);
    expect(noApp).toMatchObject({ code: 2, stderr: expect.stringContaining("set the app's public address: --app URL, or TIMESCOPE_APP_URL") });
    expect(await timescope(['share', register.traceFile, '--app', 'ftp://x'])).toMatchObject({ code: 2, stderr: expect.stringContaining("--app takes an http(s) URL, got 'ftp://x'") });
    expect(await timescope(['share', register.traceFile, '--app', APP, '--stand-in', 'email=hologram'])).toMatchObject({ code: 2, stderr: expect.stringContaining("--stand-in takes TYPE=KIND with KIND one of email, card, id, number, got 'email=hologram'") });
    expect(await timescope(['share', register.traceFile, '--app', APP, '--step', '0'])).toMatchObject({ code: 2, stderr: expect.stringContaining("--step takes a step number from 1, got '0'") });
    expect((await timescope(['share', '--help'])).stdout).toContain('Usage: timescope share');
  });
});
