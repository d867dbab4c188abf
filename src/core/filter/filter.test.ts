import { describe, expect, it } from 'vitest';
import { parseQuery, queryProblem } from './query';
import { corpusOfSteps, StepTexts, type SearchStep } from './corpus';
import { matchAll, matchSteps } from './match';
import { IS_DIVERGED, IS_NOTED, IS_STARRED, IS_UNREACHED, statusBits } from './status';
import { STEP_PARADOX, STEP_REPLAYED, STEP_UNREACHED } from '../verdict/overlay';

const demo: SearchStep[] = [
  { command: 'cmdFetchCart', path: '0', threw: false, result: { orderId: 'ord_7Hq2', items: [{ sku: 'MUG-BLUE' }] } },
  { command: 'cmdValidatePromo', path: '1', threw: false, result: { code: 'FREE100', valid: true } },
  { command: 'cmdChargeCard', path: '2', threw: true, error: { __error: true, name: 'Error', message: 'Amount must be non-zero.' } }
];

const corpusOf = (steps: readonly SearchStep[]) => corpusOfSteps(steps);

const find = (text: string, steps = demo, status: Uint8Array = new Uint8Array(steps.length)) => [...matchAll(parseQuery(text), corpusOf(steps), status)];

describe('parseQuery', () => {
  it('splits words, phrases, prefixes and statuses, lowercased', () => {
    expect(parseQuery('Charge cmd:Card path:1r0 is:threw "Free 100" is:noted')).toEqual({
      words: ['charge'],
      phrases: ['free 100'],
      cmd: ['card'],
      path: ['1r0'],
      is: ['threw', 'noted'],
      unknown: []
    });
  });
  it('runs an open quote to the end, so the count follows each key', () => {
    expect(parseQuery('"free10').phrases).toEqual(['free10']);
  });
  it('reports unknown statuses, half-typed ones included, and they match nothing', () => {
    const q = parseQuery('is:slow');
    expect(q.unknown).toEqual(['is:slow']);
    expect(queryProblem(q)).toMatch(/unknown is:slow/);
    expect(find('is:thr')).toEqual([]);
  });
  it('keeps a word with a colon that is not a prefix as a word', () => {
    expect(parseQuery('a:b').words).toEqual(['a:b']);
  });
});

describe('matchAll', () => {
  it('matches nothing for an empty query', () => expect(find('   ')).toEqual([]));
  it('finds a Command by part of its name, any case', () => expect(find('cmdcharge')).toEqual([2]));
  it('finds by path', () => expect(find('path:1')).toEqual([1]));
  it('finds the steps that threw', () => expect(find('is:threw')).toEqual([2]));
  it('finds value text by a quoted phrase, not the name', () => {
    expect(find('"FREE100"')).toEqual([1]);
    expect(find('"cmdcharge"')).toEqual([]);
  });
  it('finds a free word in values too, errors included', () => {
    expect(find('non-zero')).toEqual([2]);
    expect(find('mug-blue')).toEqual([0]);
  });
  it('ANDs every term', () => {
    expect(find('cmd ar')).toEqual([0, 2]);
    expect(find('cmd card')).toEqual([2]);
    expect(find('cmd:car is:threw')).toEqual([2]);
  });
  it('reads unreached, diverged, noted and starred from the status bits', () => {
    const overlay = Uint8Array.of(STEP_REPLAYED, STEP_PARADOX, STEP_UNREACHED);
    const bits = statusBits(3, overlay, { steps: { '0': { text: 'look', starred: true }, '2': { starred: true }, '9': { text: 'x' } } });
    expect([...bits]).toEqual([IS_NOTED | IS_STARRED, IS_DIVERGED, IS_UNREACHED | IS_STARRED]);
    expect(find('is:unreached', demo, bits)).toEqual([2]);
    expect(find('is:diverged', demo, bits)).toEqual([1]);
    expect(find('is:noted', demo, bits)).toEqual([0]);
    expect(find('is:starred', demo, bits)).toEqual([0, 2]);
    expect(find('is:starred is:threw', demo, bits)).toEqual([2]);
  });
  it('searches a value JSON cannot write as empty text', () => {
    expect(find('x', [{ command: 'a', path: '0', threw: false, result: { n: 1n } }])).toEqual([]);
  });
});

describe('at 100,000 steps', () => {
  // The shape of e2e/support/bigTrace.ts: ~230-byte results, every 1,000th step threw.
  const N = 100_000;
  const filler = 'x'.repeat(110);
  const steps: SearchStep[] = Array.from({ length: N }, (_, i) =>
    i % 1000 === 999
      ? { command: `cmdStep${i % 50}`, path: String(i), threw: true, error: { __error: true, name: 'Error', message: `Step ${i} failed`, code: 'E_BIG', note: filler } }
      : { command: `cmdStep${i % 50}`, path: String(i), threw: false, result: { id: i, ok: true, at: '2024-06-11T08:00:00.000Z', payload: filler, tag: i === 77_777 ? 'FREE100' : 'none' } }
  );
  const corpus = corpusOf(steps);
  const none = new Uint8Array(N);

  it('yields between chunks and agrees with the one-go run, keystroke after keystroke on the same index', () => {
    const run = matchSteps(parseQuery('cmdStep7'), corpus, none, 10_000);
    let yields = 0;
    let next = run.next();
    while (!next.done) {
      yields++;
      next = run.next();
    }
    // A free word is looked for in the value texts too: they are made in 10 chunks (9 pauses), then
    // the steps are checked in 10 chunks (9 more).
    expect(yields).toBe(18);
    // cmdStep7 is i % 50 === 7; no other name contains "cmdstep7" except cmdStep7x, which do not exist (max 49).
    expect(next.value.length).toBe(N / 50);
    expect(next.value[0]).toBe(7);
    for (const prefix of ['"F', '"FR', '"FRE', '"FREE', '"FREE1', '"FREE10', '"FREE100"']) {
      const m = matchAll(parseQuery(prefix), corpus, none);
      if (prefix === '"F' || prefix === '"FR' || prefix === '"FRE') expect(m.length).toBeGreaterThan(0);
      else expect([...m]).toEqual([77_777]);
    }
    expect((corpus.values as StepTexts).texts.every((t) => t !== undefined)).toBe(true);
    expect(matchAll(parseQuery('is:threw'), corpus, none).length).toBe(100);
    expect([...matchAll(parseQuery('e_big path:99999'), corpus, none)]).toEqual([99_999]);
  });
});
