import { describe, expect, it } from 'vitest';
import { exists, FIXTURES, join, listDir, readText } from '../trace/test-support/files';
import { parseTraceText } from '../trace/parse';
import { reviveError } from '../values/revive';
import { createPseudonymizer } from './pseudonym';
import { MAX_CHANGED_PATHS } from './report';
import { DEFAULT_RULES, type RedactionRules } from './rules';
import { redactText, redactTrace } from './trace';
import { RUNAWAY_MS } from '../../test-support/runaway';

const pseudonymizer = () => createPseudonymizer(new Uint8Array(32).fill(9));
const fixture = (name: string) => readText(join(FIXTURES, name, 'expected', 'trace.json'));
const rulesWith = (more: Partial<RedactionRules>): RedactionRules => ({ ...DEFAULT_RULES, ...more });

type Entry = { command: string; path?: string; durationMs?: number; threw?: boolean; result?: unknown; error?: unknown };
const entriesOf = (trace: unknown) => (trace as { trace: Entry[] }).trace;
/** What replay and the timeline match on: never changed by redaction. */
const skeleton = (trace: unknown) => entriesOf(trace).map(({ command, path, durationMs, threw }) => ({ command, path, durationMs, threw }));

describe('redactTrace on the register-email-taken fixture', () => {
  it('leaves none of the email or password in the bytes, and the result still parses', async () => {
    const text = fixture('register-email-taken');
    const { trace, report } = await redactTrace(JSON.parse(text) as Record<string, unknown>, DEFAULT_RULES, pseudonymizer());
    const bytes = JSON.stringify(trace);
    expect(text.toLowerCase()).toContain('grace.hopper@example.org');
    expect(bytes.toLowerCase()).not.toContain('grace.hopper');
    expect(bytes).not.toContain('@example.org');
    expect(bytes).not.toContain('correct-horse-battery');
    const parsed = parseTraceText(bytes);
    expect(parsed.kind).toBe('trace');
    expect(report.fired).toEqual([
      { rule: 'key:email', count: 2 },
      { rule: 'key:password', count: 1 }
    ]);
    expect(report.changedPaths).toEqual(['/initialInput/email', '/initialInput/password', '/trace/0/result/email']);
  });

  it('keeps the equality the incident is about: the typed address and the stored one get one token', async () => {
    const { trace } = await redactTrace(JSON.parse(fixture('register-email-taken')) as Record<string, unknown>, DEFAULT_RULES, pseudonymizer());
    const input = (trace as { initialInput: { email: string } }).initialInput.email;
    const stored = (entriesOf(trace)[0]?.result as { email: string }).email;
    expect(input).toMatch(/^<email:[0-9a-f]{6}>$/);
    expect(stored).toBe(input);
  });

  it('keeps flowName, version, dropped, commands, paths and durations', async () => {
    const raw = JSON.parse(fixture('register-email-taken')) as Record<string, unknown>;
    const { trace } = await redactTrace(raw, DEFAULT_RULES, pseudonymizer());
    expect(trace.flowName).toBe(raw.flowName);
    expect(trace.version).toBe(raw.version);
    expect(trace.dropped).toBe(raw.dropped);
    expect(trace.context).toEqual(raw.context);
    expect(skeleton(trace)).toEqual(skeleton(raw));
  });

  it('does not modify its input', async () => {
    const text = fixture('register-email-taken');
    const raw = JSON.parse(text) as Record<string, unknown>;
    await redactTrace(raw, DEFAULT_RULES, pseudonymizer());
    expect(JSON.stringify(raw, null, 2)).toBe(text.trim());
  });
});

describe('redactTrace on the checkout-zero-total fixture', () => {
  it('finds nothing personal and changes nothing, byte for byte', async () => {
    const text = fixture('checkout-zero-total');
    const { trace, report } = await redactTrace(JSON.parse(text) as Record<string, unknown>, DEFAULT_RULES, pseudonymizer());
    expect(JSON.stringify(trace, null, 2)).toBe(text.trim());
    expect(report.replacements).toBe(0);
    expect(report.fired).toEqual([]);
    expect(parseTraceText(JSON.stringify(trace)).kind).toBe('trace');
  });

  it('still redacts the stored error when a rule asks, keeping what revives it', async () => {
    const raw = JSON.parse(fixture('checkout-zero-total')) as Record<string, unknown>;
    const rules = rulesWith({ paths: [{ pointer: '/trace/*/error/message' }, { pointer: '/trace/*/error/name' }] });
    const { trace } = await redactTrace(raw, rules, pseudonymizer());
    const error = entriesOf(trace)[2]?.error as Record<string, unknown>;
    expect(error).toEqual({ __error: true, name: 'Error', message: expect.stringMatching(/^<message:[0-9a-f]{6}>$/), code: 'invalid_amount' });
    expect(reviveError(error)).toBeInstanceOf(Error);
  });
});

describe('redactTrace on every fixture', () => {
  const cases = listDir(FIXTURES).filter((name) => exists(join(FIXTURES, name, 'expected', 'trace.json')));
  it.each(cases)('%s keeps its replay skeleton and still parses', async (name) => {
    const raw = JSON.parse(fixture(name)) as Record<string, unknown>;
    const { trace } = await redactTrace(raw, DEFAULT_RULES, pseudonymizer());
    expect(skeleton(trace)).toEqual(skeleton(raw));
    // Parallel decisions are replay data: never changed.
    const decisions = (t: unknown) => entriesOf(t).filter((e) => e.command === 'Parallel').map((e) => e.result);
    expect(decisions(trace)).toEqual(decisions(raw));
    const parsed = parseTraceText(JSON.stringify(trace));
    expect(parsed.kind).toBe('trace');
    expect(JSON.stringify(trace)).not.toMatch(/[\w.+-]+@example\.(com|org|net)/);
  });
});

describe('what is replaced', () => {
  it('replaces only the detected span inside a longer string, in results and errors with their causes', async () => {
    const raw = {
      trace: [
        { command: 'cmdNote', path: '0', result: { note: 'contact ada@example.com today' }, durationMs: 1 },
        {
          command: 'cmdCharge',
          path: '1',
          threw: true,
          error: {
            __error: true,
            name: 'CardError',
            message: 'card 4242 4242 4242 4242 declined',
            stack: 'CardError: card 4242424242424242 declined\n    at charge (pay.ts:1:1)',
            cause: { __error: true, name: 'Error', message: 'upstream said Bearer abc123def456ghi789' },
            __errors: [{ __error: true, name: 'Error', message: 'for ada@example.com' }],
            __enumerable: ['name']
          },
          durationMs: 2
        }
      ]
    };
    const { trace, report } = await redactTrace(raw, DEFAULT_RULES, pseudonymizer());
    const [note, charge] = entriesOf(trace);
    expect((note?.result as { note: string }).note).toMatch(/^contact <email:[0-9a-f]{6}> today$/);
    const error = charge?.error as Record<string, unknown> & { cause: { message: string }; __errors: { message: string }[] };
    expect(error.message).toMatch(/^card <card:[0-9a-f]{6}> declined$/);
    expect(error.stack).toMatch(/^CardError: card <card:[0-9a-f]{6}> declined\n {4}at charge/);
    expect(error.cause.message).toMatch(/^upstream said Bearer <bearer:[0-9a-f]{6}>$/);
    expect(error.__errors[0]?.message).toBe(`for ${(note?.result as { note: string }).note.slice(8, -6)}`);
    expect(error.__error).toBe(true);
    expect(error.__enumerable).toEqual(['name']);
    expect(error.name).toBe('CardError');
    expect(report.fired).toEqual([
      { rule: 'detector:email', count: 2 },
      { rule: 'detector:card', count: 2 },
      { rule: 'detector:bearer', count: 1 }
    ]);
    expect(report.changedPaths).toEqual([
      '/trace/0/result/note',
      '/trace/1/error/message',
      '/trace/1/error/stack',
      '/trace/1/error/cause/message',
      '/trace/1/error/__errors/0/message'
    ]);
  });

  it('replaces every string and number under a matched key, and keeps the shape, booleans and null', async () => {
    const raw = {
      initialInput: {
        card: { number: '4242424242424242', cvv: 123, last4: '4242', verified: true, nickname: null },
        emails: ['a@x.io', 'b@x.io'],
        password: null,
        emailVerified: true,
        ssn: 123456789
      },
      trace: []
    };
    const { trace } = await redactTrace(raw, DEFAULT_RULES, pseudonymizer());
    const input = (trace as { initialInput: Record<string, unknown> }).initialInput;
    const card = input.card as Record<string, unknown>;
    const emails = input.emails as string[];
    expect(card.number).toMatch(/^<card:/);
    expect(card.cvv).toMatch(/^<card:/); // under `card`, the outer rule's type
    expect(card.last4).toMatch(/^<card:/);
    expect(card.verified).toBe(true);
    expect(card.nickname).toBeNull();
    expect(emails).toHaveLength(2);
    expect(emails[0]).toMatch(/^<email:/);
    expect(emails[0]).not.toBe(emails[1]);
    expect(input.password).toBeNull();
    expect(input.emailVerified).toBe(true);
    expect(input.ssn).toMatch(/^<ssn:/);
  });

  it('finds a card number stored as a JSON number', async () => {
    const { trace } = await redactTrace({ trace: [{ command: 'c', path: '0', result: { ref: 4242424242424242, qty: 4242 } }] }, DEFAULT_RULES, pseudonymizer());
    expect(entriesOf(trace)[0]?.result).toEqual({ ref: expect.stringMatching(/^<card:/), qty: 4242 });
  });

  it('redacts object keys that are data, and reports the new key, never the old one', async () => {
    const raw = { trace: [{ command: 'cmdGroup', path: '0', result: { 'ada@example.com': { orders: 2 } } }] };
    const { trace, report } = await redactTrace(raw, DEFAULT_RULES, pseudonymizer());
    const result = entriesOf(trace)[0]?.result as Record<string, unknown>;
    const [key] = Object.keys(result);
    expect(key).toMatch(/^<email:[0-9a-f]{6}>$/);
    expect(result[key as string]).toEqual({ orders: 2 });
    expect(report.changedPaths).toEqual([`/trace/0/result/${key}`]);
  });

  it('is idempotent: redacting a redacted trace changes nothing', async () => {
    const p = pseudonymizer();
    const raw = JSON.parse(fixture('register-email-taken')) as Record<string, unknown>;
    const once = await redactTrace(raw, DEFAULT_RULES, p);
    const twice = await redactTrace(once.trace, DEFAULT_RULES, p);
    expect(twice.trace).toEqual(once.trace);
    expect(twice.report.replacements).toBe(0);
  });

  it('reports every rule in effect, fired or not', async () => {
    const { report } = await redactTrace({ trace: [] }, rulesWith({ paths: [{ pointer: '/initialInput/name' }] }), pseudonymizer());
    expect(report.applied).toContain('key:email');
    expect(report.applied).toContain('detector:iban');
    expect(report.applied).toContain('path:/initialInput/name');
    expect(report.fired).toEqual([]);
  });

  it('caps the changed-path list but keeps the counts exact', async () => {
    const many = Array.from({ length: MAX_CHANGED_PATHS + 5 }, (_, i) => `u${i}@example.com`);
    const { report } = await redactTrace({ trace: [{ command: 'c', path: '0', result: many }] }, DEFAULT_RULES, pseudonymizer());
    expect(report.changedPaths).toHaveLength(MAX_CHANGED_PATHS);
    expect(report.changedPathsTruncated).toBe(true);
    expect(report.replacements).toBe(MAX_CHANGED_PATHS + 5);
  });
});

describe('path rules', () => {
  const raw = () => ({
    initialInput: { customer: { email: 'kept-by-path@nowhere' } },
    trace: [
      { command: 'cmdA', path: '0', result: { customer: { email: 'x1', name: 'Ada' } }, durationMs: 1 },
      { command: 'cmdB', path: '1', result: { customer: { email: 'x2', name: 'Bob' } }, durationMs: 1 },
      { command: 'cmdC', path: '2', result: { items: [{ name: 'Mug' }, { name: 'Tee' }] }, durationMs: 1 }
    ]
  });

  it('redact a field in every entry', async () => {
    const rules = rulesWith({ paths: [{ pointer: '/trace/*/result/customer/name' }] });
    const { trace, report } = await redactTrace(raw(), rules, pseudonymizer());
    const names = entriesOf(trace).slice(0, 2).map((e) => (e.result as { customer: { name: string } }).customer.name);
    expect(names[0]).toMatch(/^<name:[0-9a-f]{6}>$/);
    expect(names[1]).toMatch(/^<name:[0-9a-f]{6}>$/);
    expect(names[0]).not.toBe(names[1]);
    expect(report.fired).toEqual([
      { rule: 'key:email', count: 3 },
      { rule: 'path:/trace/*/result/customer/name', count: 2 }
    ]);
  });

  it('redact one exact place only', async () => {
    const rules = rulesWith({ paths: [{ pointer: '/trace/1/result/customer/name', type: 'person' }] });
    const { trace } = await redactTrace(raw(), rules, pseudonymizer());
    expect((entriesOf(trace)[0]?.result as { customer: { name: string } }).customer.name).toBe('Ada');
    expect((entriesOf(trace)[1]?.result as { customer: { name: string } }).customer.name).toMatch(/^<person:/);
  });

  it('redact every element on a wildcard index, and win over a key rule on the same value', async () => {
    const rules = rulesWith({ paths: [{ pointer: '/trace/*/result/items/*/name' }, { pointer: '/trace/0/result/customer/email', type: 'who' }] });
    const { trace } = await redactTrace(raw(), rules, pseudonymizer());
    const items = (entriesOf(trace)[2]?.result as { items: { name: string }[] }).items;
    expect(items.map((i) => i.name.slice(0, 6))).toEqual(['<name:', '<name:']);
    expect((entriesOf(trace)[0]?.result as { customer: { email: string } }).customer.email).toMatch(/^<who:/);
    expect((entriesOf(trace)[1]?.result as { customer: { email: string } }).customer.email).toMatch(/^<email:/);
  });

  it('address a bare-array trace as {trace: [...]}', async () => {
    const rules = rulesWith({ paths: [{ pointer: '/trace/*/result/customer/name' }] });
    const { trace, report } = await redactTrace(raw().trace, rules, pseudonymizer());
    expect(Array.isArray(trace)).toBe(true);
    expect((trace[0] as Entry).result).toEqual({ customer: { email: expect.stringMatching(/^<email:/), name: expect.stringMatching(/^<name:/) } });
    expect(report.changedPaths).toContain('/trace/0/result/customer/name');
  });

  it('never touch replay fields, even when a rule names them', async () => {
    const rules = rulesWith({ paths: [{ pointer: '/trace/*/command' }, { pointer: '/trace/*/path' }, { pointer: '/trace/*/durationMs' }, { pointer: '/flowName' }] });
    const input = { flowName: 'f', ...raw() };
    const { trace } = await redactTrace(input, rules, pseudonymizer());
    expect(skeleton(trace)).toEqual(skeleton(input));
    expect(trace.flowName).toBe('f');
  });
});

describe('replay fields', () => {
  it('keep a Parallel decision, but redact data hidden beside it', async () => {
    const raw = { trace: [{ command: 'Parallel', path: '0p', result: { cancelled: true, branch: 1, branches: 2, note: 'ada@example.com' }, durationMs: 3 }] };
    const rules = rulesWith({ keys: [{ name: 'cancelled' }, { name: 'branch' }, { name: 'note' }] });
    const { trace } = await redactTrace(raw, rules, pseudonymizer());
    expect(entriesOf(trace)[0]?.result).toEqual({ cancelled: true, branch: 1, branches: 2, note: expect.stringMatching(/^<note:/) });
  });

  it('do not count as data keys: a key rule named result or context means a field inside the data', async () => {
    const raw = { context: { tenant: 't1', context: 'inner' }, trace: [{ command: 'c', path: '0', result: { result: 'inner', ok: 1 } }] };
    const rules = rulesWith({ keys: [{ name: 'result' }, { name: 'context' }] });
    const { trace } = await redactTrace(raw, rules, pseudonymizer());
    expect(trace.context).toEqual({ tenant: 't1', context: expect.stringMatching(/^<context:/) });
    expect(entriesOf(trace)[0]?.result).toEqual({ result: expect.stringMatching(/^<result:/), ok: 1 });
  });

  it('are left alone only with the type the spec gives them; anything else there is data', async () => {
    const raw = { version: { author: 'ada@example.com' }, flowName: 'f', trace: [{ command: 'c', path: '0', durationMs: 'ada@example.com', result: 1 }] };
    const { trace } = await redactTrace(raw as Record<string, unknown>, DEFAULT_RULES, pseudonymizer());
    expect(JSON.stringify(trace)).not.toContain('ada@');
    expect(trace.flowName).toBe('f');
  });
});

describe('hostile input', () => {
  it('treats a __proto__ key as data: no prototype change, no pollution, still in the output', async () => {
    const text =
      '{"__proto__":{"polluted":1},"initialInput":{"__proto__":{"isAdmin":true,"email":"ada@example.com"},"x":1},' +
      '"trace":[{"command":"c","path":"0","result":{"__proto__":{"polluted":2}},"__proto__":{"polluted":3}}]}';
    const raw = JSON.parse(text) as Record<string, unknown>;
    const { trace } = await redactTrace(raw, DEFAULT_RULES, pseudonymizer());
    const input = trace.initialInput as Record<string, unknown>;
    expect(Object.getPrototypeOf(trace)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect((input as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    expect(Object.hasOwn(input, '__proto__')).toBe(true);
    expect(({} as { polluted?: unknown; isAdmin?: unknown }).polluted).toBeUndefined();
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    const bytes = JSON.stringify(trace);
    expect(bytes).toContain('"__proto__":{"isAdmin":true,"email":"<email:');
    expect(bytes).toContain('"result":{"__proto__":{"polluted":2}}');
    expect(bytes).not.toContain('ada@example.com');
  });

  it('walks 100,000 levels of nesting without overflowing the stack', async () => {
    const depth = 100_000;
    const text = '['.repeat(depth) + '"ada@example.com"' + ']'.repeat(depth);
    const raw = { trace: [{ command: 'c', path: '0', result: JSON.parse(text) as unknown }] };
    const { trace } = await redactTrace(raw, DEFAULT_RULES, pseudonymizer());
    let at: unknown = entriesOf(trace)[0]?.result;
    for (let i = 0; i < depth; i++) at = (at as unknown[])[0];
    expect(at).toMatch(/^<email:[0-9a-f]{6}>$/);
  });

  it('redacts a 5 MB string of near-matches quickly', async () => {
    const huge = 'x@y 4242-4242 eyJhbGciOiJIUzI1NiJ9. Bearer AKIA ghp_ xoxb- -----BEGIN GB82 WEST '.repeat(60_000) + 'ada@example.com';
    const started = performance.now();
    const { trace } = await redactTrace({ trace: [{ command: 'c', path: '0', result: huge }] }, DEFAULT_RULES, pseudonymizer());
    expect(performance.now() - started).toBeLessThan(RUNAWAY_MS);
    expect(entriesOf(trace)[0]?.result).toMatch(/<email:[0-9a-f]{6}>$/);
  }, 30_000);
});

describe('redactText', () => {
  it('replaces detected spans in source text and counts them per detector', async () => {
    const source = "const admin = 'ada@example.com';\nconst key = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';\nconst password = 'x';\n";
    const { text, report } = await redactText(source, DEFAULT_RULES, pseudonymizer());
    expect(text).toMatch(/^const admin = '<email:[0-9a-f]{6}>';\nconst key = '<stripe-key:[0-9a-f]{6}>';\nconst password = 'x';\n$/);
    expect(report.fired).toEqual([
      { rule: 'detector:stripe-key', count: 1 },
      { rule: 'detector:email', count: 1 }
    ]);
    expect(report.changedPaths).toEqual(['']);
    expect(report.applied.every((rule) => rule.startsWith('detector:'))).toBe(true);
  });
});
