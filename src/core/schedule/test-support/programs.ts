// Property-test support: random programs (compositions of Parallel, Retry,
// effectPipe and Command), the real flows built from them with our runtime,
// their recordings with our recorder, and the mutations a fix or a topology
// change makes. Test-only.

import fc from 'fast-check';
import { Command, effectPipe, Failure, Parallel, Retry, recordEffect, type Trace } from '../../effect';
import type { Item, ParallelItem, RetryItem, Sequence } from '../program';

// ---- generating programs ----

/** Commands are named c0, c1, … in the order they appear, so every name is unique. */
function named(seq: Sequence, next = { n: 0 }): Sequence {
  const items = seq.items.map((item): Item => {
    switch (item.kind) {
      case 'command':
        return { kind: 'command', name: `c${next.n++}` };
      case 'retry':
        return { ...item, body: named(item.body, next), ...(item.fallback ? { fallback: named(item.fallback, next) } : {}) };
      case 'parallel':
        return { ...item, branches: item.branches.map((b) => named(b, next)) };
      default:
        return item;
    }
  });
  return { items };
}

/**
 * effectPipe runs pure steps while the flow is built, up to the first pending
 * node, so a throwing step first in a sequence would throw from the builder.
 * It moves after the first Command instead.
 */
function buildable(seq: Sequence): Sequence {
  const items = seq.items.map((item): Item => {
    if (item.kind === 'retry') return { ...item, body: buildable(item.body), ...(item.fallback ? { fallback: buildable(item.fallback) } : {}) };
    if (item.kind === 'parallel') return { ...item, branches: item.branches.map(buildable) };
    return item;
  });
  const firstPending = items.findIndex((i) => i.kind === 'command' || i.kind === 'retry' || i.kind === 'parallel');
  const early = items.findIndex((i, at) => i.kind === 'bug' && (firstPending < 0 || at < firstPending));
  if (early < 0) return { items };
  return { items: items.map((i, at) => (at === early ? { kind: 'command', name: 'early' } : i)) };
}

const command = fc.constant<Item>({ kind: 'command', name: '' });
const end = fc.oneof(
  fc.constant<Item>({ kind: 'fail', value: 'declined' }),
  fc.constant<Item>({ kind: 'bug', value: 'bug in a step' })
);

// Weighted towards what orders concurrent steps: Parallels (nested, under
// limit, settled) whose branches differ in length, and Retries in branches.
function sequenceOf(depth: number, maxItems: number): fc.Arbitrary<Sequence> {
  const item =
    depth > 0
      ? fc.oneof(
          { arbitrary: command, weight: 4 },
          { arbitrary: retryOf(depth - 1), weight: 2 },
          { arbitrary: parallelOf(depth - 1), weight: 2 }
        )
      : command;
  const withEnd = fc.tuple(fc.array(item, { minLength: 0, maxLength: maxItems }), fc.option(end, { freq: 6 }));
  return withEnd.map(([items, last]) => ({ items: last ? [...items, last] : items }));
}

function retryOf(depth: number): fc.Arbitrary<Item> {
  return fc
    .record({
      body: sequenceOf(depth, 2).filter((s) => s.items.length > 0),
      attempts: fc.integer({ min: 1, max: 2 }),
      fallback: fc.option(sequenceOf(depth, 2), { freq: 3 })
    })
    .map(({ body, attempts, fallback }): RetryItem => ({ kind: 'retry', body, attempts, ...(fallback ? { fallback } : {}) }));
}

function parallelOf(depth: number): fc.Arbitrary<Item> {
  return fc
    .record({
      branches: fc.array(sequenceOf(depth, 6), { minLength: 0, maxLength: 3 }),
      limit: fc.option(fc.integer({ min: 1, max: 2 }), { freq: 3 }),
      settled: fc.boolean()
    })
    .map(({ branches, limit, settled }): ParallelItem => ({
      kind: 'parallel',
      branches,
      ...(limit !== null ? { limit } : {}),
      ...(settled ? { settled } : {})
    }));
}

/**
 * A settled Parallel around the flow, and a Command after it: the turn that
 * Command is asked in shows when the flow ended, even when it ended by a
 * cancellation or a throw that no step after it would otherwise show.
 */
const observed = (p: Sequence): Sequence => ({
  items: [{ kind: 'parallel', branches: [p, { items: [] }], settled: true }, { kind: 'command', name: '' }]
});

export const programs: fc.Arbitrary<Sequence> = fc
  .oneof(
    sequenceOf(3, 3),
    parallelOf(2).map((p) => ({ items: [p] })),
    fc.tuple(parallelOf(2), sequenceOf(1, 2)).map(([p, s]) => ({ items: [p, ...s.items] })),
    sequenceOf(3, 3).map(observed),
    parallelOf(2).map((p) => observed({ items: [p] }))
  )
  .map((p) => named(buildable(p)))
  .filter((p) => countCommands(p) > 0 && countCommands(p) <= 24);

export function countCommands(seq: Sequence): number {
  let n = 0;
  for (const item of seq.items) {
    if (item.kind === 'command') n += 1;
    else if (item.kind === 'retry') n += countCommands(item.body) + (item.fallback ? countCommands(item.fallback) : 0);
    else if (item.kind === 'parallel') for (const b of item.branches) n += countCommands(b);
  }
  return n;
}

// ---- building real flows ----

/** What a Command's function does on one call while the flow is recorded. */
export interface Behaviour {
  readonly throws: boolean;
  /** undefined: it answers synchronously; otherwise after this many ms (rejecting early when its signal aborts) */
  readonly delayMs: number | undefined;
}

/** A small seeded generator, so one seed gives one recording. */
export function behaviours(seed: number): (name: string, call: number) => Behaviour {
  const memo = new Map<string, Behaviour>();
  return (name, call) => {
    const key = `${name}#${call}`;
    let b = memo.get(key);
    if (!b) {
      let h = seed ^ 0x9e3779b9;
      for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x85ebca6b);
      const r = (Math.abs(h) % 1000) / 1000;
      const r2 = (Math.abs(Math.imul(h, 0xc2b2ae35)) % 1000) / 1000;
      b = { throws: r < 0.3, delayMs: r2 < 0.35 ? undefined : Math.floor(r2 * 5) };
      memo.set(key, b);
    }
    return b;
  };
}

export type Flow = (input: unknown) => unknown;

/** A flow for the program: each Command behaves as `behave` says, call by call. */
export function flowOf(program: Sequence, behave: (name: string, call: number) => Behaviour = () => ({ throws: false, delayMs: undefined })): Flow {
  const calls = new Map<string, number>();
  const fnFor = (name: string) => {
    const run = (signal?: AbortSignal): unknown => {
      const call = calls.get(name) ?? 0;
      calls.set(name, call + 1);
      const b = behave(name, call);
      const answer = (): unknown => {
        if (b.throws) throw Object.assign(new Error(`${name} failed on call ${call}`), { code: `E_${name}` });
        return { name, call };
      };
      if (b.delayMs === undefined) return answer();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          try {
            resolve(answer());
          } catch (e) {
            reject(e);
          }
        }, b.delayMs);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(Object.assign(new Error(`${name} aborted`), { name: 'AbortError' }));
        });
      });
    };
    // Only a function that declares a parameter receives the signal (§2.5); half of them do.
    return name.length % 2 === 0 ? (signal: AbortSignal) => run(signal) : () => run();
  };
  const build = (seq: Sequence): unknown =>
    (effectPipe as (...steps: Array<(v: unknown) => unknown>) => (v: unknown) => unknown)(...seq.items.map(stepOf))(0);
  const stepOf = (item: Item) => (): unknown => {
    switch (item.kind) {
      case 'command':
        return Command(fnFor(item.name), undefined, { name: item.name });
      case 'retry':
        return Retry(build(item.body) as never, {
          attempts: item.attempts,
          delay: 0,
          ...(item.fallback ? { onExhausted: () => build(item.fallback as Sequence) as never } : {})
        });
      case 'parallel':
        return Parallel(item.branches.map(build) as never[], {
          ...(item.limit !== undefined ? { limit: item.limit } : {}),
          ...(item.settled ? { settled: true } : {})
        });
      case 'fail':
        return Failure(item.value);
      case 'bug':
        throw new Error(String(item.value));
    }
  };
  return () => build(program);
}

/** The program with every throwing step made a returned Failure: production's code, before a bug was added. */
export function withoutBugs(seq: Sequence): Sequence {
  return {
    items: seq.items.map((item): Item => {
      if (item.kind === 'bug') return { kind: 'fail', value: 'declined' };
      if (item.kind === 'retry') return { ...item, body: withoutBugs(item.body), ...(item.fallback ? { fallback: withoutBugs(item.fallback) } : {}) };
      if (item.kind === 'parallel') return { ...item, branches: item.branches.map(withoutBugs) };
      return item;
    })
  };
}

/**
 * The program with nothing a recording cannot show: no pure step that ends a
 * sequence (a returned Failure leaves no entry), and no Retry body or fallback
 * without a Command (it takes turns but records nothing).
 */
export function recordable(seq: Sequence): Sequence {
  return {
    items: seq.items.flatMap((item): Item[] => {
      if (item.kind === 'fail' || item.kind === 'bug') return [];
      if (item.kind === 'retry') {
        const body = recordable(item.body);
        const fallback = item.fallback && recordable(item.fallback);
        if (countCommands(body) === 0) return [];
        return [{ ...item, body, ...(fallback && countCommands(fallback) > 0 ? { fallback } : {}) }].map(({ fallback: f, ...rest }) =>
          f && countCommands(f) > 0 ? { ...rest, fallback: f } : rest
        );
      }
      if (item.kind === 'parallel') return [{ ...item, branches: item.branches.map(recordable) }];
      return [item];
    })
  };
}

/** Record the program's flow with our recorder, as production would have run it. */
export async function record(program: Sequence, seed: number): Promise<{ result: unknown; trace: Trace }> {
  return (await recordEffect(flowOf(program, behaviours(seed)) as never, 0, { context: { flowName: 'generated' } })) as {
    result: unknown;
    trace: Trace;
  };
}

// ---- mutations: what a fix or a topology change does to a flow ----

export type Mutation =
  | { readonly kind: 'rename'; readonly at: number }
  | { readonly kind: 'insert'; readonly at: number }
  | { readonly kind: 'delete'; readonly at: number }
  | { readonly kind: 'fail'; readonly at: number }
  | { readonly kind: 'settle'; readonly at: number }
  | { readonly kind: 'limit'; readonly at: number }
  | { readonly kind: 'attempts'; readonly at: number }
  | { readonly kind: 'branch'; readonly at: number }
  | { readonly kind: 'swap'; readonly at: number };

export const mutations: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('rename', 'insert', 'delete', 'fail', 'settle', 'limit', 'attempts', 'branch', 'swap'),
  at: fc.nat(40)
}) as fc.Arbitrary<Mutation>;

/** Apply a mutation to the at-th place of its kind (counted in program order, wrapping around). */
export function mutate(program: Sequence, m: Mutation): Sequence {
  const places = { commands: 0, parallels: 0, retries: 0, seqs: 0 };
  const count = (seq: Sequence): void => {
    places.seqs += 1;
    for (const item of seq.items) {
      if (item.kind === 'command') places.commands += 1;
      if (item.kind === 'retry') {
        places.retries += 1;
        count(item.body);
        if (item.fallback) count(item.fallback);
      }
      if (item.kind === 'parallel') {
        places.parallels += 1;
        item.branches.forEach(count);
      }
    }
  };
  count(program);
  const target = (n: number): number => (n === 0 ? -1 : m.at % n);
  const want = {
    command: ['rename', 'delete', 'fail'].includes(m.kind) ? target(places.commands) : -1,
    parallel: ['settle', 'limit', 'branch'].includes(m.kind) ? target(places.parallels) : -1,
    retry: m.kind === 'attempts' ? target(places.retries) : -1,
    seq: m.kind === 'insert' || m.kind === 'swap' ? target(places.seqs) : -1
  };
  const seen = { command: 0, parallel: 0, retry: 0, seq: 0 };
  const walk = (seq: Sequence): Sequence => {
    const mine = seen.seq++ === want.seq;
    let items: Item[] = seq.items.flatMap((item): Item[] => {
      if (item.kind === 'command') {
        if (seen.command++ !== want.command) return [item];
        if (m.kind === 'rename') return [{ kind: 'command', name: `${item.name}Renamed` }];
        if (m.kind === 'fail') return [{ kind: 'fail', value: 'guarded' }];
        return [];
      }
      if (item.kind === 'retry') {
        const body = walk(item.body);
        const fallback = item.fallback ? walk(item.fallback) : undefined;
        const attempts = seen.retry++ === want.retry ? (item.attempts === 1 ? 2 : 1) : item.attempts;
        return [{ ...item, body, attempts, ...(fallback ? { fallback } : {}) }];
      }
      if (item.kind === 'parallel') {
        const branches = item.branches.map(walk);
        if (seen.parallel++ !== want.parallel) return [{ ...item, branches }];
        if (m.kind === 'settle') return [{ ...item, branches, settled: item.settled !== true }];
        if (m.kind === 'limit') {
          const { limit: _dropped, ...rest } = item;
          return [item.limit === undefined ? { ...rest, branches, limit: 1 } : { ...rest, branches }];
        }
        const grown = branches.length % 2 === 0 ? [...branches, { items: [{ kind: 'command', name: 'added' } as Item] }] : branches.slice(0, -1);
        return [{ ...item, branches: grown }];
      }
      return [item];
    });
    if (mine && m.kind === 'insert') items = [...items.slice(0, 1), { kind: 'command', name: 'inserted' }, ...items.slice(1)];
    if (mine && m.kind === 'swap' && items.length >= 2) items = [items[1] as Item, items[0] as Item, ...items.slice(2)];
    return { items };
  };
  return buildable(walk(program));
}
