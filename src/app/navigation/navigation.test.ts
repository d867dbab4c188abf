import { beforeEach, describe, expect, it } from 'vitest';
import { modelOf as model, ok, threw } from '../../core/trace/test-support/model';
import { useViewStore } from '../../stores/viewStore';
import { errorBy, foldAround, stepBy, stepTo, unfoldAt } from './navigation';

// errors at 1 and 3; steps 1 and 2 sit in a Retry at path '1'
const m = model([ok('a', '0'), threw('b', '1r0/0'), ok('b', '1r1/0'), threw('c', '2'), ok('d', '3')]);
const selected = () => useViewStore.getState().selected;

beforeEach(() => useViewStore.getState().resetForTrace(0));

describe('navigation', () => {
  it('e and Shift+E cycle through the errors, wrapping around', () => {
    errorBy(m, 1);
    expect(selected()).toBe(1);
    errorBy(m, 1);
    expect(selected()).toBe(3);
    errorBy(m, 1);
    expect(selected()).toBe(1);
    errorBy(m, -1);
    expect(selected()).toBe(3);
  });

  it('next and previous skip steps folded away, and stop at the ends', () => {
    useViewStore.getState().toggleFold('1');
    stepBy(m, 1);
    expect(selected()).toBe(3);
    stepBy(m, -1);
    expect(selected()).toBe(0);
    stepBy(m, -1);
    expect(selected()).toBe(0);
    stepTo(m, 'last');
    expect(selected()).toBe(4);
  });

  it('a trace without errors leaves the selection alone', () => {
    const clean = model([ok('a', '0'), ok('b', '1')]);
    expect(errorBy(clean, 1)).toBe(false);
    expect(selected()).toBe(0);
  });
});

describe('folding from the keyboard', () => {
  const parallel = model([ok('a', '0'), ok('c', '1p1/0'), ok('b', '1p0/0'), { command: 'Parallel', path: '1p', result: { cancelled: false, branches: 2 }, durationMs: 2 }, ok('d', '2')]);

  it('← inside a Parallel folds it and selects its decision; → on the decision unfolds it', () => {
    useViewStore.getState().select(1);
    expect(foldAround(parallel)).toBe(true);
    expect(useViewStore.getState().folded).toEqual(['1p']);
    expect(selected()).toBe(3);
    expect(unfoldAt(parallel)).toBe(true);
    expect(useViewStore.getState().folded).toEqual([]);
  });

  it('← inside a Retry folds it and selects the nearest visible step before it; → unfolds the group folded last', () => {
    useViewStore.getState().select(2);
    foldAround(m);
    expect(useViewStore.getState().folded).toEqual(['1']);
    expect(selected()).toBe(0);
    expect(unfoldAt(m)).toBe(true);
    expect(useViewStore.getState().folded).toEqual([]);
    expect(unfoldAt(m)).toBe(false);
  });

  it('← on a top-level step does nothing', () => {
    expect(foldAround(m)).toBe(false);
    expect(useViewStore.getState().folded).toEqual([]);
  });
});
