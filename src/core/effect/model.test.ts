// §11 checklist items 1–4 (the data model), with the observed messages of §2.
import { describe, expect, test } from 'vitest';
import { Ask, Command, commandName, EffectTypeError, effectPipe, Failure, Parallel, Retry, runEffect, Success } from './index';

const bad = (f: () => unknown): EffectTypeError => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(EffectTypeError);
    return e as EffectTypeError;
  }
  throw new Error('expected a throw');
};
const msg = (f: () => unknown) => bad(f).message;
const loose = (x: unknown) => x as never;

describe('§11.1 Success/Failure have exactly {type,value}/{type,error}; no Failure carries initialInput, which onRun gets from an identity-keyed table', () => {
  test('two own keys each', () => {
    expect(Object.keys(Success(1))).toEqual(['type', 'value']);
    expect(Object.keys(Failure('e'))).toEqual(['type', 'error']);
  });

  test('a pipeline Failure deep-equals a plain one; onRun gets the input from the table', async () => {
    const flow = effectPipe(() => Failure('bad'))(42);
    expect(Object.keys(flow)).toEqual(['type', 'error']);
    expect(flow).toStrictEqual(Failure('bad'));
    const seen: unknown[] = [];
    const onRun = async (_e: unknown, op: () => Promise<unknown>, name: unknown, input: unknown) => {
      seen.push([name, input]);
      return op();
    };
    await runEffect(flow, { flowName: 'fx' }, { onRun });
    await runEffect({ ...flow }, { flowName: 'fx' }, { onRun });
    await runEffect(Command(() => 1), {}, { onRun });
    const inner = (x: unknown) => effectPipe(() => Success(x))(x);
    await runEffect(effectPipe((x: string) => inner(`${x}-inner`))('outer'), undefined, { onRun });
    expect(seen).toEqual([['fx', 42], ['fx', undefined], ['', undefined], ['', 'outer']]);
  });

  test('effectPipe returns a fresh copy of the final node every time', () => {
    const shared = Success(1);
    const a = effectPipe(() => shared)(0);
    const b = effectPipe(() => shared)(0);
    expect(a).not.toBe(shared);
    expect(a).not.toBe(b);
  });
});

describe('§11.2 commandName: meta.name if a non-empty string, then cmd.name, then anonymous; EffectTypeError otherwise', () => {
  const cmdA = () => 1;
  function g() {
    return 1;
  }
  test('the observed names', () => {
    expect(commandName(Command(cmdA, undefined, { name: 'chargeCard' }))).toBe('chargeCard');
    expect(commandName(Command(cmdA, undefined, { name: '' }))).toBe('cmdA');
    expect(commandName(Command(cmdA, undefined, { name: 5 }))).toBe('cmdA');
    expect(commandName(Command(cmdA, undefined, 'named'))).toBe('cmdA');
    expect(commandName(Command(cmdA))).toBe('cmdA');
    expect(commandName(Command(() => 1))).toBe('anonymous');
    expect(commandName(Command(g.bind(null)))).toBe('bound g');
  });
  test('anything but a Command', () => {
    expect(msg(() => commandName(5))).toBe('commandName expects a Command, got the number 5.');
    expect(msg(() => commandName(Success(1)))).toBe("commandName expects a Command, got an Effect of type 'Success'.");
    expect(msg(() => commandName(undefined))).toBe('commandName expects a Command, got undefined.');
  });
});

describe('§11.3 Command, Ask, Retry, Parallel and effectPipe throw EffectTypeErrors synchronously, with the §2 templates', () => {
  const ok = Command(() => 1);
  test('Command', () => {
    const p = Promise.resolve(1);
    expect(msg(() => Command(loose(p)))).toBe('Command expects a function, got a Promise.');
    expect(msg(() => Command(loose(5)))).toBe('Command expects the function that does the I/O, got the number 5.');
    expect(msg(() => Command(() => 1, loose({ name: 'x' })))).toBe(
      "Command's second argument is next, and meta goes third: Command(fn, undefined, { name: 'chargeCard' })."
    );
    expect(msg(() => Command(() => 1, loose(5)))).toBe("Command's next must be a function, got the number 5.");
    expect(msg(() => Command(() => 1, loose(Success(1))))).toBe("Command's next must be a function, got an Effect of type 'Success'.");
    expect(Command(() => 1, null).next).toBeTypeOf('function');
  });
  test('Ask', () => {
    expect(msg(() => Ask(loose('x')))).toBe('Ask expects a function that receives the context, got the string "x".');
  });
  test('Retry', () => {
    expect(msg(() => Retry(loose(() => 1)))).toBe(
      'Retry expects the Effect to run, got a function, which usually means a flow was passed without being called with its input.'
    );
    expect(msg(() => Retry(ok, loose(3)))).toBe("Retry's options must be an object, got the number 3: write Retry(effect, { attempts: 3 }).");
    expect(msg(() => Retry(ok, { attempts: 0 }))).toBe(
      "Retry 'attempts' must be a positive integer, received the number 0. To handle an outcome without retrying, branch on it as data in the Command's next, or isolate a failing branch with Parallel's settled option."
    );
    expect(msg(() => Retry(ok, { delay: -1 }))).toBe("Retry 'delay' must be a finite number of 0 or more, received the number -1.");
    expect(msg(() => Retry(ok, { onExhausted: loose(1) }))).toBe(
      "Retry 'onExhausted' must be a function that returns the fallback, received the number 1."
    );
    expect(msg(() => Retry(ok, loose({ retries: 2 })))).toBe(
      "Retry has no option named 'retries'; its options are attempts, delay, backoff and onExhausted."
    );
    expect(msg(() => Retry(ok, loose({ attempts: null })))).toMatch(/^Retry 'attempts' must be a positive integer, received null\./);
    const r = Retry(ok, { attempts: undefined, delay: 5 });
    expect(Object.isFrozen(r.options)).toBe(true);
    expect(r.options).toEqual({ attempts: undefined, delay: 5 });
    expect(Retry(ok, null).options).toEqual({});
  });
  test('Parallel', () => {
    expect(msg(() => Parallel(loose(5)))).toBe('Parallel expects an array of Effects, got the number 5.');
    expect(msg(() => Parallel([ok, loose(7)]))).toBe("Parallel's branch 1 is the number 7.");
    expect(msg(() => Parallel([ok], loose('x')))).toBe('Parallel\'s second argument must be next or the options, got the string "x".');
    expect(msg(() => Parallel([ok], { limit: 1 }, loose(() => 1)))).toBe(
      "Parallel's next goes second and its options third: Parallel(effects, next, options)."
    );
    expect(msg(() => Parallel([ok], { limit: 1 }, loose(3)))).toBe(
      'Parallel takes one options object, and with the options second its third argument, the number 3, would be ignored.'
    );
    expect(msg(() => Parallel([ok], loose({ concurrency: 2 })))).toBe("Parallel has no option named 'concurrency'; its options are limit and settled.");
    expect(msg(() => Parallel([ok], null, { settled: loose('yes') }))).toBe(
      'Parallel \'settled\' must be true or false, received the string "yes".'
    );
    expect(Parallel([ok], { limit: 2 }).options).toEqual({ limit: 2 });
  });
  test('effectPipe', () => {
    expect(msg(() => effectPipe(() => ok, loose(5)))).toBe("effectPipe's step 2 is the number 5; each step is a function that returns an Effect.");
  });
  test('EffectTypeError: own enumerable name, and a mark that stays out of JSON and Object.keys', () => {
    const e = bad(() => Ask(loose(1)));
    expect(e).toBeInstanceOf(Error);
    expect(Object.keys(e)).toEqual(['name']);
    expect(JSON.stringify(e)).toBe('{"name":"EffectTypeError"}');
  });
});

describe('§11.4 effectPipe runs steps while the flow is built, up to the first pending node', () => {
  test('pure steps run at build time; the pending node stops them', () => {
    const ran: string[] = [];
    effectPipe(
      (x: number) => (ran.push('a'), Success(x + 1)),
      () => (ran.push('b'), Command(() => 1)),
      () => (ran.push('c'), Success(0))
    )(1);
    expect(ran).toEqual(['a', 'b']);
  });
  test('a non-Effect raises the Step message; a throw escapes the builder', () => {
    const validate = () => ({ ok: true });
    expect(msg(() => effectPipe(loose(validate))(1))).toBe(
      "Step 'validate' returned a plain object. Return Success, Failure, Command, Ask, Retry, or Parallel: a plain value has to be wrapped, as in Success(value)."
    );
    const asyncValidate = async () => Success(1);
    Object.defineProperty(asyncValidate, 'name', { value: 'validate' });
    expect(msg(() => effectPipe(loose(asyncValidate))(1))).toBe(
      "Step 'validate' returned a Promise, which usually means an async function. Return Success, Failure, Command, Ask, Retry, or Parallel: a step cannot be async, so do the awaited work in a Command and continue in its next."
    );
    expect(msg(() => effectPipe(loose(() => undefined))(1))).toMatch(/^Step 'anonymous' returned undefined, which usually means a missing return\./);
    expect(() =>
      effectPipe(() => {
        throw new RangeError('pure');
      })(1)
    ).toThrow(RangeError);
  });
  test('empty pipe, nested pipelines, and a tree that can run twice', async () => {
    expect(effectPipe()(5)).toEqual(Success(5));
    let calls = 0;
    const flow = effectPipe(
      () => Command(() => ++calls),
      (n: number) => effectPipe((m: number) => Success(m * 10))(n)
    )(0);
    expect(await runEffect(flow)).toEqual(Success(10));
    expect(await runEffect(flow)).toEqual(Success(20));
  });
  test('a bad next result rejects, blamed on the Command', async () => {
    const cmdA = () => 1;
    const flow = effectPipe(() => Command(cmdA, loose(() => undefined)), () => Success(1))(0);
    await expect(runEffect(flow)).rejects.toThrow(
      "The next of Command 'cmdA' returned undefined, which usually means a missing return. Return Success, Failure, Command, Ask, Retry, or Parallel: a plain value has to be wrapped, as in Success(value)."
    );
  });
});
