// Redaction proven against the repro, on the real engine. register-email-taken is the case the
// issue names: the default rules turn the email into a token that fails the flow's own email check,
// so the redacted incident never reaches cmdFindUserByEmail. The check names the rule and the line,
// and the format-preserving stand-in restores the repro. A redaction that changes nothing the flow
// reads passes as it is.
import { describe, expect, it } from 'vitest';
import * as effect from '../effect/index';
import { createPseudonymizer } from '../redact/pseudonym';
import { DEFAULT_RULES } from '../redact/rules';
import { luhnValid, withStandIns } from '../redact/standIn';
import { redactTrace } from '../redact/trace';
import { replayTrace } from '../replay/replayTrace';
import { replayFlowSource } from '../source/runFlow';
import { fixtureRuns } from '../source/test-support/fixtures';
import { join, listDir, readJson, readText } from '../trace/test-support/files';
import { checkRedaction, lineReading } from './reproCheck';
import { signatureOf, type FailureSignature } from './sameFailure';

const SECRET = new Uint8Array(32).fill(7);

function fixture(id: string) {
  const run = fixtureRuns().find((r) => r.id === id)!;
  const names = listDir(run.dir).filter((f) => /^(flow|services)\.(ts|js)$/.test(f));
  const files = names.map((name) => ({ name, text: readText(join(run.dir, name)) }));
  const replay = async (trace: unknown): Promise<FailureSignature | undefined> => {
    const out = await replayFlowSource({ files, trace, steps: true }, effect, replayTrace);
    return out.kind === 'report' ? signatureOf(out.report) : undefined;
  };
  return { raw: readJson(run.traceFile) as Record<string, unknown>, files, replay };
}

describe('the redaction check', () => {
  it('register-email-taken: the email token breaks the repro; the rule, the line and a stand-in that restores it are named', async () => {
    const { raw, files, replay } = fixture('register-email-taken');
    const original = (await replay(raw))!;
    const check = await checkRedaction(raw, DEFAULT_RULES, createPseudonymizer(SECRET), replay, original, files);
    expect(check.same).toBe(false);
    expect(check.rules).toEqual(['key:email']);
    expect(check.fields).toEqual(['/initialInput/email', '/trace/0/result/email']);
    expect(check.where).toEqual({ file: 'flow.ts', line: 16, field: 'email' });
    expect(check.fix).toEqual({ standIns: { email: 'email' }, restores: true });
    expect(check.text).toMatch(/^Redacting `email` changes the failure \(.+\): flow\.ts:16 reads email; a stand-in that keeps its format \(email\) fails the same way\.$/);
  });

  it('the incident redacted with that stand-in passes the check, and still holds no address', async () => {
    const { raw, files, replay } = fixture('register-email-taken');
    const original = (await replay(raw))!;
    const standIn = withStandIns(createPseudonymizer(SECRET), { types: { email: 'email' } });
    const check = await checkRedaction(raw, DEFAULT_RULES, standIn, replay, original, files);
    expect(check).toEqual({ same: true, text: 'The redacted incident still fails the same way ✓' });
    const redacted = await redactTrace(raw, DEFAULT_RULES, standIn);
    const email = (redacted.trace.initialInput as { email: string }).email;
    expect(email).toMatch(/^\s*u[0-9a-f]{6,}@example\.org\s*$/);
    expect(JSON.stringify(redacted.trace)).not.toMatch(/hopper/i);
  });

  it('two rules that each break it: each gets the stand-in its own values need, and together they restore the repro', async () => {
    // A corporate sign-up: the email's domain is checked, then the card's Luhn digit, then the gateway declines.
    const source = `import { Command, Success, Failure, effectPipe } from 'pure-effect';
const luhn = (n) => { if (!/^[0-9][0-9 ]{11,22}$/.test(n)) return false; const d = n.replace(/\\D/g, ''); let s = 0; for (let i = 0; i < d.length; i++) { let x = Number(d[d.length - 1 - i]); if (i % 2) { x *= 2; if (x > 9) x -= 9; } s += x; } return s % 10 === 0; };
const check = (form) => !form.email.endsWith('@corp.example') ? Failure('Not a corporate address.') : !luhn(form.card) ? Failure('Card number is not valid.') : Success(form);
const charge = (form) => { const cmdCharge = () => null; return Command(cmdCharge, (r) => (r.ok ? Success(r) : Failure('Declined by the gateway.'))); };
export const signupFlow = (form) => effectPipe(check, charge)(form);
`;
    const luhn = (n: string) => {
      if (!/^[0-9][0-9 ]{11,22}$/.test(n)) return false;
      const d = n.replace(/\D/g, '');
      let sum = 0;
      for (let i = 0; i < d.length; i++) {
        let x = Number(d[d.length - 1 - i]);
        if (i % 2) x = x * 2 > 9 ? x * 2 - 9 : x * 2;
        sum += x;
      }
      return sum % 10 === 0;
    };
    const check = (form: { email: string; card: string }) => (!form.email.endsWith('@corp.example') ? effect.Failure('Not a corporate address.') : !luhn(form.card) ? effect.Failure('Card number is not valid.') : effect.Success(form));
    const cmdCharge = () => ({ ok: false });
    const charge = () => effect.Command(cmdCharge, (r: { ok: boolean }) => (r.ok ? effect.Success(r) : effect.Failure('Declined by the gateway.')));
    const flow = (form: { email: string; card: string }) => effect.effectPipe(check as never, charge as never)(form as never);
    const { trace } = await effect.recordEffect(flow as never, { email: 'ada@corp.example', card: '4242 4242 4242 4242' }, { context: {} });
    const raw = JSON.parse(JSON.stringify(trace)) as Record<string, unknown>;
    const files = [{ name: 'flow.js', text: source }];
    const replay = async (t: unknown): Promise<FailureSignature | undefined> => {
      const out = await replayFlowSource({ files, trace: t, steps: true }, effect, replayTrace);
      return out.kind === 'report' ? signatureOf(out.report) : undefined;
    };
    const original = (await replay(raw))!;
    expect(original).toMatchObject({ ended: true, type: 'Failure' });
    const check2 = await checkRedaction(raw, DEFAULT_RULES, createPseudonymizer(SECRET), replay, original, files);
    expect(check2.same).toBe(false);
    // The email's rule, and one of the rules that replace the card (its key name, or the card detector): each needed.
    expect(check2.rules).toHaveLength(2);
    expect(check2.rules).toContain('key:email');
    expect(check2.rules!.find((r) => r !== 'key:email')).toMatch(/card/);
    expect(check2.fix?.restores).toBe(true);
    expect(Object.values(check2.fix!.standIns).sort()).toEqual(['card', 'email']);
  });

  it('a redaction the flow does not read passes as it is (checkout: the customer id is never compared)', async () => {
    const { raw, files, replay } = fixture('checkout-zero-total');
    const original = (await replay(raw))!;
    const check = await checkRedaction(raw, DEFAULT_RULES, createPseudonymizer(SECRET), replay, original, files);
    expect(check).toEqual({ same: true, text: 'The redacted incident still fails the same way ✓' });
  });
});

describe('format-preserving stand-ins', () => {
  const base = createPseudonymizer(SECRET);
  it('a card keeps its length, separators and Luhn validity, and its BIN when asked; the same card, the same stand-in', async () => {
    const card = withStandIns(base, { types: { card: 'card' } });
    const out = await card('card', '4242 4242 4242 4242');
    expect(out).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    expect(out).not.toBe('4242 4242 4242 4242');
    expect(luhnValid(out.replace(/ /g, ''))).toBe(true);
    expect(await card('card', '4242 4242 4242 4242')).toBe(out);
    const bin = withStandIns(base, { types: { card: 'card' }, keepBin: true });
    expect((await bin('card', '5555555555554444')).slice(0, 6)).toBe('555555');
    // An invalid number stays invalid: a flow that rejects it still does.
    expect(luhnValid(await card('card', '4242424242424241'))).toBe(false);
  });

  it('an id keeps its prefix, a number its sign and digits, and other types keep their token', async () => {
    const s = withStandIns(base, { types: { customerId: 'id', amount: 'number' } });
    expect(await s('customerId', 'cus_Ly81')).toMatch(/^cus_[0-9a-f]{6,}$/);
    const n = await s('amount', '-4250');
    expect(n).toMatch(/^-[1-9]\d{3}$/);
    expect(await s('password', 'hunter2')).toMatch(/^<password:[0-9a-f]{6,}>$/);
  });

  it('a number under a rule with a number stand-in stays a JSON number', async () => {
    const rules = { keys: [{ name: 'amount' }], detectors: [], paths: [] };
    const redacted = await redactTrace({ initialInput: { amount: 1234 }, trace: [] }, rules, withStandIns(base, { types: { amount: 'number' } }));
    const amount = (redacted.trace.initialInput as { amount: unknown }).amount;
    expect(typeof amount).toBe('number');
    expect(String(amount)).toMatch(/^[1-9]\d{3}$/);
  });
});

describe('lineReading', () => {
  it('finds the first property read of a field, not its type declaration', () => {
    const files = [{ name: 'flow.ts', text: 'interface F {\n  email: string;\n}\nconst e = form.email.trim();\n' }];
    expect(lineReading(files, 'email')).toEqual({ file: 'flow.ts', line: 4 });
    expect(lineReading(files, 'phone')).toBeUndefined();
  });
});
