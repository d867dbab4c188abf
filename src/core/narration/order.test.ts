import { describe, expect, it } from 'vitest';
import type { StepView } from '../schedule/fromTrace';
import { replayOrder } from './order';

/**
 * Steps from paths in array (completion) order: a path ending in `p` is a
 * decision, one ending in `!` a Command that threw, `~` one whose value was
 * not recorded; `@<ms>` gives a duration.
 */
function steps(paths: (string | undefined)[], decisions: Record<string, object> = {}): StepView[] {
  return paths.map((raw, index) => {
    if (raw === undefined) return { index, command: `c${index}`, path: undefined, kind: 'returned', durationMs: undefined };
    const [spec = '', ms] = raw.split('@');
    const path = spec.replace(/[!~]$/, '');
    const kind = spec.endsWith('!') ? 'threw' : spec.endsWith('~') ? 'unrecorded' : /p$/.test(path) ? 'decision' : 'returned';
    const decision = kind === 'decision' ? (decisions[path] ?? { cancelled: false }) : undefined;
    return { index, command: kind === 'decision' ? 'Parallel' : `c${index}`, path, kind, durationMs: ms === undefined ? undefined : Number(ms), ...(decision ? { decision } : {}) } as StepView;
  });
}

/** The asked order, as `path` (or `path#n` where the Step number is not the place in the list). */
function orderOf(paths: string[], decisions?: Record<string, object>): string[] {
  const list = steps(paths, decisions);
  return replayOrder({ matching: 'path', steps: list }).asked.map((a, at) => {
    const path = list[a.stepIndex]?.path ?? '?';
    return a.ordinal === at + 1 ? path : `${path}#${a.ordinal}`;
  });
}

describe('replayOrder', () => {
  it('orders a sequence by step number, not by array order', () => {
    expect(orderOf(['2', '0', '10', '1'])).toEqual(['0', '1', '2', '10']);
  });

  it('runs Retry attempts one after another, then the fallback', () => {
    expect(orderOf(['0', '1rf/0', '1r1/0!', '1r0/1!', '1r0/0', '2'])).toEqual(['0', '1r0/0', '1r0/1', '1r1/0', '1rf/0', '2']);
  });

  it('asks a later attempt\'s steps only as far as each attempt goes', () => {
    // attempt 0 threw at its first step, so it never asks 1r0/1; attempt 1 asks both.
    expect(orderOf(['0r0/0!', '0r1/0', '0r1/1'])).toEqual(['0r0/0', '0r1/0', '0r1/1']);
  });

  it('starts Parallel branches together: one step every 3 turns in each', () => {
    expect(orderOf(['0p1/0', '0p1/1', '0p0/0', '0p0/1', '0p', '1'])).toEqual(['0p0/0', '0p1/0', '0p0/1', '0p1/1', '1']);
  });

  it('lets a longer branch run on alone once the others are done', () => {
    expect(orderOf(['0p0/0', '0p1/0', '0p1/1', '0p1/2', '0p2/0', '0p'])).toEqual(['0p0/0', '0p1/0', '0p2/0', '0p1/1', '0p1/2']);
  });

  it('resumes a branch 9 turns after its nested Parallel\'s branches end (spec §6.11, onboarding)', () => {
    // branch 0: five Commands (turns 1, 4, 7, 10, 13); branch 1: Parallel[bank, tax] (turn 1), then enrol (turn 13)
    const paths = ['0p0/0', '0p1/0p0/0', '0p1/0p1/0', '0p1/0p', '0p0/1', '0p0/2', '0p0/3', '0p0/4', '0p1/1', '0p'];
    expect(orderOf(paths)).toEqual(['0p0/0', '0p1/0p0/0', '0p1/0p1/0', '0p0/1', '0p0/2', '0p0/3', '0p0/4', '0p1/1']);
  });

  it('reads a limit from the timings, and says so (catalogue-sync)', () => {
    const paths = ['0p1/0p0/0!@5.5', '0p0/0p0/0@12.4', '0p0/0p1/0@16.2', '0p0/0p@29.3', '0p1/0p1/0@29.9', '0p1/0p@36.2', '0p@36.9'];
    const list = steps(paths);
    const order = replayOrder({ matching: 'path', steps: list });
    expect(order.asked.map((a) => list[a.stepIndex]?.path)).toEqual(['0p0/0p0/0', '0p1/0p0/0', '0p0/0p1/0', '0p1/0p1/0']);
    expect(order.caveats).toHaveLength(2);
    expect(order.caveats[0]).toContain("Parallel at '0p0/0p' ran its branches one at a time");
  });

  it('assumes no limit when the timings fit branches run at once', () => {
    const order = replayOrder({ matching: 'path', steps: steps(['0p0/0@10', '0p1/0@1', '0p1/1@1', '0p@10.2']) });
    expect(order.caveats).toEqual([]);
  });

  it('says where a cancelled branch may have had a step the recording lacks, which would number later steps higher (dispatch)', () => {
    const paths = ['0r0/0p1/0!', '0r0/0p0/0p0/0!', '0r0/0p0/0p', '0r0/0p', '0r1/0p0/0p0/0', '0r1/0p0/0p', '0r1/0p0/1', '0r1/0p1/0', '0r1/0p', '1'];
    const decisions = { '0r0/0p0/0p': { cancelled: true, branch: null, branches: 1 }, '0r0/0p': { cancelled: true, branch: 1, branches: 2 } };
    const list = steps(paths, decisions);
    const order = replayOrder({ matching: 'path', steps: list });
    // The library numbers them 1, 2, 4, 5, 6, 7: attempt 0's branch 0 asked cmdBookCourier, which was cut.
    expect(order.asked.map((a) => `${list[a.stepIndex]?.path}#${a.ordinal}`)).toEqual(['0r0/0p0/0p0/0#1', '0r0/0p1/0#2', '0r1/0p0/0p0/0#3', '0r1/0p1/0#4', '0r1/0p0/1#5', '1#6']);
    expect(order.caveats).toEqual([expect.stringContaining("The Parallel at '0r0/0p' was cancelled: a branch it stopped may have had one more step")]);
  });

  it('warns that a branch a cancellation stopped may have had a step the recording does not show', () => {
    // branch 0's last recorded step returned before branch 1 cancelled it; branch 2 asks later.
    const paths = ['0p1/0!', '0p0/0', '0p2/0', '0p2/1', '0p'];
    const order = replayOrder({ matching: 'path', steps: steps(paths, { '0p': { cancelled: true, branch: 1, branches: 3 } }) });
    expect(order.caveats.join(' ')).toContain("The Parallel at '0p' was cancelled");
  });

  it('an unrecorded value ends the run: the refusal aborts its siblings at their next check, and no final state follows', () => {
    const order = replayOrder({ matching: 'path', steps: steps(['0p0/0~', '0p1/0', '0p1/1', '0p1/2', '0p']) });
    expect(order.blocked).toBe(true);
    // refused in turn 1, its branch aborts in turn 4, where it stands before 0p1/1's check
    expect(order.asked.map((a) => a.stepIndex)).toEqual([1]);
  });

  it('places a Parallel without its decision entry (a capped trace)', () => {
    expect(orderOf(['0p1/0', '0p0/0'])).toEqual(['0p0/0', '0p1/0']);
  });

  it('puts entries it cannot place last, in array order', () => {
    expect(orderOf(['1', 'bogus', '0', '0r0/0', '1', '0'])).toEqual(['0', '1', 'bogus', '0r0/0', '1', '0']);
  });

  it('keeps array order for position-matched traces', () => {
    expect(replayOrder({ matching: 'position', steps: steps([undefined, '0', undefined]) }).asked.map((a) => a.stepIndex)).toEqual([0, 1, 2]);
  });
});
