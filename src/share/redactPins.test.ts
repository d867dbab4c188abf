// Pinned values leave redacted as the trace does: what the trace's rules replaced is replaced in a
// pin's text with the same token, and the detectors catch what no rule named.
import { describe, expect, it } from 'vitest';
import { createPseudonymizer, DEFAULT_RULES, redactTrace } from '../core/redact';
import { redactPins, textReplacer, withPinsReport } from './redactPins';

const raw = {
  flowName: 'f',
  initialInput: { orderId: 'ord_1', email: 'ada@example.com', customer: { name: 'Ada Lovelace' } },
  context: {},
  trace: [{ command: 'cmdLoad', path: '0', result: { account: 'ACC-991-SECRET', pin: 4711, plan: 'gold' }, durationMs: 1 }]
};

const pin = (text: string) => ({ id: 'lp1', seq: 1, text, file: 'flow.ts', line: 3, expr: 'x' });

describe('redactPins', () => {
  it('replaces what the trace’s redaction replaced, with its token, wherever the pin shows it, and runs the detectors', async () => {
    const p = createPseudonymizer(new Uint8Array(32).fill(5));
    const rules = { ...DEFAULT_RULES, paths: [{ pointer: '/trace/0/result/account' }, { pointer: '/trace/0/result/pin' }, { pointer: '/initialInput/customer/name' }] };
    const redacted = (await redactTrace(raw, rules, p)).trace as typeof raw;
    const [a, b, c] = await redactPins(
      [pin('{ email: "ada@example.com", account: "ACC-991-SECRET" }'), pin('Ada Lovelace paid with 4711 (of 47110)'), pin('write to bob@example.org')],
      raw,
      redacted,
      rules,
      p
    );
    const emailToken = JSON.stringify(redacted).match(/<email:[0-9a-f]+>/)?.[0];
    expect(a!.text).toBe(`{ email: "${emailToken}", account: "${String(redacted.trace[0]!.result.account)}" }`);
    expect(b!.text).not.toContain('Ada Lovelace');
    expect(b!.text).not.toMatch(/\b4711\b/);
    // A number is replaced standing alone, not inside a longer one.
    expect(b!.text).toContain('47110');
    // No rule named it in the trace: the e-mail detector still catches it in the text.
    expect(c!.text).not.toContain('bob@example.org');
    expect(c!.text).toMatch(/^write to <email:[0-9a-f]+>$/);
    expect(a).toMatchObject({ id: 'lp1', seq: 1, file: 'flow.ts', line: 3, expr: 'x' });
  });

  it('the longest original goes first, a token put in is not searched again, and a one-letter value is not hunted for in text', () => {
    const replace = textReplacer({ a: 'ada@example.com', b: 'ada', c: 'x' }, { a: '<email:ada1>', b: '<name:2>', c: '<k:3>' });
    expect(replace('ada@example.com, ada, x')).toBe('<email:ada1>, <name:2>, x');
  });
});

describe('withPinsReport', () => {
  it('counts a changed pin as a replacement, by the detector that fired, and names its place', async () => {
    const p = createPseudonymizer(new Uint8Array(32).fill(5));
    const rules = DEFAULT_RULES;
    const { report, trace } = await redactTrace(raw, rules, p);
    const before = [pin('nothing here'), pin('mail bob@example.org')];
    const after = await redactPins(before, raw, trace, rules, p);
    const merged = await withPinsReport(report, before, after, rules, p);
    expect(merged.replacements).toBe(report.replacements + 1);
    expect(merged.changedPaths.at(-1)).toBe('/logpoints/pinned/1/text');
    const email = (r: typeof report) => r.fired.find((f) => f.rule === 'detector:email')?.count ?? 0;
    expect(email(merged)).toBe(email(report) + 1);
    expect(await withPinsReport(report, before.slice(0, 1), after.slice(0, 1), rules, p)).toBe(report);
  });
});
