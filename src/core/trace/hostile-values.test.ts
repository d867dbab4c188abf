// The pure checks behind the hostile traces: size wording, depth without
// recursion, integers past 2^53 kept as written, and no prototype pollution
// from `__proto__` / `constructor` keys anywhere a trace goes.
import { describe, expect, test } from 'vitest';
import { formatSize, traceSizeProblem } from './size';
import { depthOver, MAX_VALUE_DEPTH } from './depth';
import { isRoundedNumber, roundedNumbers } from './exact-numbers';
import { parseTraceText } from './parse';
import { join, readText, REPO_ROOT } from './test-support/files';
import { redactTrace } from '../redact/trace';
import { DEFAULT_RULES } from '../redact/rules';
import { createPseudonymizer } from '../redact/pseudonym';

describe('size', () => {
  test('formats in the 1024-based units the Settings dialog uses', () => {
    expect(formatSize(512)).toBe('512 bytes');
    expect(formatSize(1024 ** 2)).toBe('1 MB');
    expect(formatSize(1024 ** 3)).toBe('1 GB');
    expect(formatSize(1.2 * 1024 ** 3)).toBe('1.2 GB');
    expect(formatSize(Math.round(10.9 * 1024 ** 2))).toBe('10.9 MB');
    expect(formatSize(300 * 1024 ** 2)).toBe('300 MB');
  });

  test('names the file, its size, the limit and where to change it', () => {
    expect(traceSizeProblem('huge.json', 1024 ** 3, 1024 ** 3)).toBeUndefined();
    const p = traceSizeProblem('huge.json', 1.2 * 1024 ** 3, 1024 ** 3)!;
    expect(p.message).toBe('huge.json is 1.2 GB; Timescope opens traces up to 1 GB (Settings → Largest trace file).');
    expect(traceSizeProblem('t.json', 3 * 1024 ** 2, 1024 ** 2, true)!.message).toMatch(/^t\.json is at least 3 MB;/);
  });
});

describe('depth', () => {
  const nested = (n: number) => JSON.parse(`${'['.repeat(n)}${']'.repeat(n)}`) as unknown;

  test('measures scalars, containers and their deepest branch', () => {
    expect(depthOver(1, 0)).toBeUndefined();
    expect(depthOver([], 0)).toBe(1);
    expect(depthOver({ a: [1, { b: [[]] }], c: 2 }, 0)).toBe(5);
    expect(depthOver(nested(MAX_VALUE_DEPTH))).toBeUndefined();
    expect(depthOver(nested(MAX_VALUE_DEPTH + 1))).toBe(MAX_VALUE_DEPTH + 1);
  });

  test('walks 100,000 levels without a stack overflow', () => {
    expect(depthOver(nested(100_000))).toBe(100_000);
  });

  test('a deep head field is named, and a value just under the limit opens', () => {
    const deep = `${'['.repeat(2000)}${']'.repeat(2000)}`;
    const head = parseTraceText(`{"initialInput":${deep},"trace":[{"command":"a","result":1}]}`);
    expect(head.kind === 'error' && head.problem.message).toBe('`initialInput` nests 2,000 levels deep; Timescope shows and replays values up to 1,000 levels');
    const fits = `${'['.repeat(MAX_VALUE_DEPTH)}${']'.repeat(MAX_VALUE_DEPTH)}`;
    expect(parseTraceText(`{"trace":[{"command":"a","result":${fits}}]}`).kind).toBe('trace');
    const bare = parseTraceText(`[{"command":"a","result":1},{"command":"b","error":${deep}}]`);
    expect(bare.kind === 'error' && bare.problem.message).toBe('entry 1 (b): `error` nests 2,000 levels deep; Timescope shows and replays values up to 1,000 levels');
  });
});

describe('integers past 2^53', () => {
  test('only integers that JavaScript rounds', () => {
    expect(isRoundedNumber('9007199254740993')).toBe(true);
    expect(isRoundedNumber('9007199254740992')).toBe(false);
    expect(isRoundedNumber('-9007199254740993')).toBe(true);
    expect(isRoundedNumber('1.5e300')).toBe(false);
  });

  test('pointers follow keys (escaped), indexes, strings with brackets and escapes', () => {
    const text = '{"a\\"[":{"x/y~":[0,"[,{",12345678901234567890]},"s":"9007199254740993","n":9007199254740993}';
    expect(JSON.parse(text)).toBeTruthy();
    expect(roundedNumbers(text)).toEqual({ '/a"[/x~1y~0/2': '12345678901234567890', '/n': '9007199254740993' });
  });

  test('the model keeps the parsed value for replay and the text beside it, also for bare arrays and JSONL', () => {
    const wrapped = parseTraceText('{"trace":[{"command":"a","path":"0","result":{"id":9007199254740993}}]}');
    if (wrapped.kind !== 'trace') throw new Error(wrapped.kind);
    expect(wrapped.model.steps[0]!.result).toEqual({ id: 9007199254740992 });
    expect(wrapped.model.exactNumbers).toEqual({ '/trace/0/result/id': '9007199254740993' });
    const bare = parseTraceText('[{"command":"a","result":9007199254740993}]');
    expect(bare.kind === 'trace' && bare.model.exactNumbers).toEqual({ '/trace/0/result': '9007199254740993' });
    const jsonl = parseTraceText('{"trace":[{"command":"a","result":1}]}\n{"trace":[{"command":"b","result":9007199254740995}]}');
    expect(jsonl.kind === 'collection' && jsonl.models[1]!.exactNumbers).toEqual({ '/trace/0/result': '9007199254740995' });
    const none = parseTraceText('{"trace":[{"command":"a","result":"12345678901234567890"}]}');
    expect(none.kind === 'trace' && none.model.exactNumbers).toBeUndefined();
  });
});

describe('__proto__ and constructor keys', () => {
  const text = readText(join(REPO_ROOT, 'test/corpus/hostile-traces/proto-keys.json'));
  const clean = () => {
    const probe = {} as Record<string, unknown>;
    expect(probe.polluted).toBeUndefined();
    expect(probe.isAdmin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Array.prototype).not.toHaveProperty('polluted');
  };

  test('parse and model keep them as own data, and pollute nothing', () => {
    const result = parseTraceText(text);
    if (result.kind !== 'trace') throw new Error(result.kind === 'error' ? result.problem.message : result.kind);
    const { model } = result;
    clean();
    expect(Object.hasOwn(model.commands, '__proto__')).toBe(true);
    expect(model.commands['__proto__']).toEqual({ count: 1, threw: 0 });
    expect(model.commands['constructor']).toEqual({ count: 1, threw: 0 });
    expect(model.commands['hasOwnProperty']).toEqual({ count: 1, threw: 1 });
    expect(Object.hasOwn(model.steps[0]!.result as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(model.steps[0]!.result)).toBe(Object.prototype);
    expect(Object.hasOwn(model.initialInput as object, '__proto__')).toBe(true);
    // `unrecorded` reads only its two known keys.
    expect(model.unrecorded).toBeUndefined();
    // A structured clone (the worker's postMessage) and a JSON round trip (sessions, share) keep them as data.
    const cloned = structuredClone({ ...model, steps: model.steps });
    expect(Object.hasOwn(cloned.steps[0]!.result as object, '__proto__')).toBe(true);
    const again = parseTraceText(JSON.stringify(JSON.parse(text)));
    expect(again.kind).toBe('trace');
    clean();
  });

  test('redaction copies them as own keys', async () => {
    const { trace } = await redactTrace(JSON.parse(text) as Record<string, unknown>, DEFAULT_RULES, createPseudonymizer(new Uint8Array(32).fill(9)));
    clean();
    const entries = trace.trace as Record<string, unknown>[];
    expect(Object.hasOwn(entries[0]!.result as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(entries[0]!.result)).toBe(Object.prototype);
    expect(Object.hasOwn(trace.context as object, '__proto__')).toBe(true);
  });
});
