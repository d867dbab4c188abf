// The structure tree of the spec's §4.5 example, written out by hand from the
// paths the spec lists in trace order.
import { describe, expect, test } from 'vitest';
import type { SequenceNode, StructureNode } from './model';
import { buildModel } from './parse';

const entry = (command: string, path: string, threw = false) =>
  threw
    ? { command, path, threw: true, error: { __error: true, name: 'Error', message: `${command} failed` }, durationMs: 1 }
    : { command, path, result: command, durationMs: 1 };
const decision = (path: string, branches: number) => ({ command: 'Parallel', path, result: { cancelled: false, branches }, durationMs: 2 });

// a 0 · b 1 · c 2 · d 3r0/0 · e 3r0/1 (threw) · d 3r1/0 · e 3r1/1 · f 4p0/0 · g 4p1/0 · h 4p1/1p0/0 ·
// i 4p1/1p1/0r0/0 · Parallel 4p1/1p · Parallel 4p · j 5r0/0 (threw) · j 5r1/0 (threw) · k 5rf/0 ·
// l 5rf/1p0/0 · Parallel 5rf/1p · m 6
const spec45 = {
  flowName: 'paths',
  initialInput: 0,
  dropped: 0,
  trace: [
    entry('a', '0'), entry('b', '1'), entry('c', '2'), entry('d', '3r0/0'), entry('e', '3r0/1', true), entry('d', '3r1/0'),
    entry('e', '3r1/1'), entry('f', '4p0/0'), entry('g', '4p1/0'), entry('h', '4p1/1p0/0'), entry('i', '4p1/1p1/0r0/0'),
    decision('4p1/1p', 2), decision('4p', 3), entry('j', '5r0/0', true), entry('j', '5r1/0', true), entry('k', '5rf/0'),
    entry('l', '5rf/1p0/0'), decision('5rf/1p', 1), entry('m', '6')
  ]
};

const cmd = (path: string, stepIndex: number): StructureNode => ({ kind: 'command', path, step: Number(path.split('/').pop()), stepIndex });
const seq = (prefix: string, children: StructureNode[]): SequenceNode => ({ prefix, children });

describe('the §4.5 path example', () => {
  const model = buildModel(spec45);

  test('builds the tree the interpreter ran', () => {
    expect(model.root).toEqual(
      seq('', [
        cmd('0', 0),
        cmd('1', 1),
        cmd('2', 2),
        {
          kind: 'retry',
          path: '3',
          step: 3,
          attempts: [seq('3r0/', [cmd('3r0/0', 3), cmd('3r0/1', 4)]), seq('3r1/', [cmd('3r1/0', 5), cmd('3r1/1', 6)])],
          fallback: undefined
        },
        {
          kind: 'parallel',
          path: '4p',
          step: 4,
          decisionIndex: 12,
          branches: [
            seq('4p0/', [cmd('4p0/0', 7)]),
            seq('4p1/', [
              cmd('4p1/0', 8),
              {
                kind: 'parallel',
                path: '4p1/1p',
                step: 1,
                decisionIndex: 11,
                branches: [
                  seq('4p1/1p0/', [cmd('4p1/1p0/0', 9)]),
                  seq('4p1/1p1/', [
                    { kind: 'retry', path: '4p1/1p1/0', step: 0, attempts: [seq('4p1/1p1/0r0/', [cmd('4p1/1p1/0r0/0', 10)])], fallback: undefined }
                  ])
                ]
              }
            ]),
            // Branch 2 was Success(0): no Command, so no entry, but the decision counts it.
            seq('4p2/', [])
          ]
        },
        {
          kind: 'retry',
          path: '5',
          step: 5,
          attempts: [seq('5r0/', [cmd('5r0/0', 13)]), seq('5r1/', [cmd('5r1/0', 14)])],
          fallback: seq('5rf/', [
            cmd('5rf/0', 15),
            { kind: 'parallel', path: '5rf/1p', step: 1, decisionIndex: 17, branches: [seq('5rf/1p0/', [cmd('5rf/1p0/0', 16)])] }
          ])
        },
        cmd('6', 18)
      ])
    );
  });

  test('gives each step its lanes, outermost first', () => {
    expect(model.steps[10]!.lanes).toEqual([
      { kind: 'branch', parallelPath: '4p', branch: 1 },
      { kind: 'branch', parallelPath: '4p1/1p', branch: 1 },
      { kind: 'attempt', retryPath: '4p1/1p1/0', attempt: 0 }
    ]);
    expect(model.steps[16]!.lanes).toEqual([
      { kind: 'fallback', retryPath: '5' },
      { kind: 'branch', parallelPath: '5rf/1p', branch: 0 }
    ]);
    expect(model.steps.map((s) => s.depth)).toEqual([0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 3, 1, 0, 1, 1, 1, 2, 1, 0]);
  });

  test('indexes kinds, errors and counts', () => {
    expect(model.errorSteps).toEqual([4, 13, 14]);
    expect(model.recordedSteps).toBe(16);
    expect(model.steps.filter((s) => s.kind === 'decision').map((s) => s.index)).toEqual([11, 12, 17]);
    expect(model.commands.j).toEqual({ count: 2, threw: 2 });
    expect(model.commands.Parallel).toBeUndefined();
    expect(model.byPath['4p1/1p1/0r0/0']).toBe(10);
    expect(model.outcome.known).toBe(false);
  });
});

describe('paths outside the recorder grammar or contradicting each other', () => {
  test('a non-grammar path is kept and indexed but takes no part in the structure', () => {
    const m = buildModel({ trace: [entry('a', '0'), entry('b', 'step-two'), entry('c', '1')] });
    expect(m.matching).toBe('path');
    expect(m.byPath['step-two']).toBe(1);
    expect(m.steps[1]!.placed).toBe(false);
    expect(m.root).toEqual(seq('', [cmd('0', 0), cmd('1', 2)]));
    expect(m.outcome).toEqual({
      known: false,
      reason: "1 entry's path could not be placed in the flow's structure (outside the recorder's format, or contradicting another path), so the trace does not show how the run ended; replay the flow to see it"
    });
  });

  test('a Command and a Retry claiming the same position: the first one placed wins', () => {
    const m = buildModel({ trace: [entry('a', '1'), entry('b', '1r0/0', true)] });
    expect(m.root).toEqual(seq('', [cmd('1', 0)]));
    expect(m.outcome).toEqual({
      known: false,
      reason: "1 entry's path could not be placed in the flow's structure (outside the recorder's format, or contradicting another path), so the trace does not show how the run ended; replay the flow to see it"
    });
  });

  test('a hand-written huge branch index does not allocate a branch per number', () => {
    const m = buildModel({ trace: [entry('a', '0p99999999/0'), decision('0p', 100000000)] });
    const p = m.root.children[0];
    if (p?.kind !== 'parallel') throw new Error('not a parallel');
    expect(p.branches).toEqual([seq('0p99999999/', [cmd('0p99999999/0', 0)])]);
  });

  test('attempt gaps are filled so attempts[i] is attempt i', () => {
    const m = buildModel({ trace: [entry('a', '0r0/0', true), entry('a', '0r2/0')] });
    const r = m.root.children[0];
    if (r?.kind !== 'retry') throw new Error('not a retry');
    expect(r.attempts.map((a) => [a.prefix, a.children.length])).toEqual([['0r0/', 1], ['0r1/', 0], ['0r2/', 1]]);
  });
});
