import { describe, expect, it } from 'vitest';
import { NO_NOTES, setStepText, toggleStar } from '../notes/notes';
import { firstStep, lastStep, positionOf, stepAt, stepBy, walkLength, walkList, walkStart } from './walk';
import { hasWalk, walkFromHash, withWalk } from './walkHash';

describe('the steps a walkthrough visits', () => {
  it('walks every step, held at both ends', () => {
    const all = walkList('all', 3, NO_NOTES);
    expect(walkLength(all)).toBe(3);
    expect([firstStep(all), lastStep(all)]).toEqual([0, 2]);
    expect(stepBy(all, 0, 1)).toBe(1);
    expect(stepBy(all, 2, 1)).toBe(2);
    expect(stepBy(all, 0, -1)).toBe(0);
    expect(positionOf(all, 2)).toBe(2);
  });

  it('walks only starred steps, in order, ignoring notes without a star and stars past the trace', () => {
    let notes = toggleStar(toggleStar(setStepText(NO_NOTES, 1, 'only a note'), 7), 3);
    notes = toggleStar(notes, 40);
    const starred = walkList('starred', 10, notes);
    expect(starred).toEqual({ mode: 'starred', steps: [3, 7] });
    expect(stepAt(starred, 1)).toBe(7);
    expect(stepAt(starred, 2)).toBeUndefined();
    expect(stepBy(starred, 3, 1)).toBe(7);
    expect(stepBy(starred, 7, -1)).toBe(3);
  });

  it('from a step the list lacks, one move reaches the neighbour on that side', () => {
    const starred = walkList('starred', 10, toggleStar(toggleStar(NO_NOTES, 2), 6));
    // Step 4 sits between 2 and 6.
    expect(positionOf(starred, 4)).toBe(1);
    expect(stepBy(starred, 4, 1)).toBe(6);
    expect(stepBy(starred, 4, -1)).toBe(2);
    expect(stepBy(starred, 4, 0)).toBe(6);
    // Before the first and after the last.
    expect(stepBy(starred, 0, 1)).toBe(2);
    expect(stepBy(starred, 0, -1)).toBe(2);
    expect(stepBy(starred, 9, -1)).toBe(6);
    expect(stepBy(starred, 9, 1)).toBe(6);
  });

  it('has nowhere to go when nothing is starred', () => {
    const none = walkList('starred', 5, NO_NOTES);
    expect(walkLength(none)).toBe(0);
    expect(positionOf(none, 2)).toBe(-1);
    expect(stepBy(none, 2, 1)).toBeUndefined();
    expect(firstStep(none)).toBeUndefined();
  });
});

describe('#walk= in the fragment', () => {
  it('reads a 1-based step inside the trace, and nothing else', () => {
    expect(walkFromHash('#walk=2', 3)).toBe(1);
    expect(walkFromHash('step=3&walk=3', 3)).toBe(2);
    for (const bad of ['#walk=0', '#walk=4', '#walk=', '#walk=-1', '#walk=1.5', '#walk=2e0', '#step=2', '', '#walk=99999999999']) expect(walkFromHash(bad, 3), bad).toBeUndefined();
    expect(hasWalk('#step=1&walk')).toBe(true);
    expect(hasWalk('#step=1')).toBe(false);
  });

  it('sets and takes out walk= and keeps every other key', () => {
    expect(withWalk('#step=3', 1)).toBe('step=3&walk=2');
    expect(withWalk('step=3&walk=2', 0)).toBe('step=3&walk=1');
    expect(withWalk('#step=3&walk=2&incident=abc-_1', undefined)).toBe('step=3&incident=abc-_1');
    expect(withWalk('', undefined)).toBe('');
  });
});

describe('where a walkthrough opens', () => {
  it('on the first starred step, else step 1, never on a step past the trace', () => {
    expect(walkStart(5, NO_NOTES)).toBe(0);
    const noted = setStepText(NO_NOTES, 1, 'a note, no star');
    expect(walkStart(5, noted)).toBe(0);
    const starred = toggleStar(toggleStar(noted, 3), 2);
    expect(walkStart(5, starred)).toBe(2);
    expect(walkStart(2, toggleStar(NO_NOTES, 4))).toBe(0);
  });
});
