import { describe, expect, it } from 'vitest';
import { isEmpty, markedSteps, NO_NOTES, readNotes, setStepText, stepNote, toggleStar } from './notes';

describe('incident notes', () => {
  it('keeps a step note and a star per step, and drops a step once both are gone', () => {
    let notes = setStepText(NO_NOTES, 2, 'total is 0 here');
    notes = toggleStar(notes, 2);
    expect(stepNote(notes, 2)).toEqual({ text: 'total is 0 here', starred: true });
    notes = setStepText(notes, 2, '   ');
    expect(stepNote(notes, 2)).toEqual({ starred: true });
    notes = toggleStar(notes, 2);
    expect(notes.steps).toEqual({});
    expect(isEmpty(notes)).toBe(true);
  });

  it('lists marked steps in order, saying which are starred and which have text', () => {
    const notes = toggleStar(setStepText(setStepText(NO_NOTES, 10, 'b'), 1, 'a'), 4);
    expect(markedSteps(notes)).toEqual([
      { index: 1, starred: false, noted: true },
      { index: 4, starred: true, noted: false },
      { index: 10, starred: false, noted: true }
    ]);
  });

  it('reads back only what is notes-shaped', () => {
    expect(readNotes(null)).toEqual({});
    expect(readNotes({ title: 'T', summary: 3, steps: { 1: { text: 'x', starred: 'yes' }, a: { text: 'y' }, 2: 'z', 3: { starred: true } } })).toEqual({
      title: 'T',
      steps: { 1: { text: 'x' }, 3: { starred: true } }
    });
    // The post-mortem's fields: impact as text, action items as strings only.
    expect(readNotes({ impact: 'EU checkouts failed', actionItems: ['add a test', 4, 'alert on 0 totals'] })).toEqual({ impact: 'EU checkouts failed', actionItems: ['add a test', 'alert on 0 totals'] });
    expect(isEmpty({ actionItems: ['  '] })).toBe(true);
    expect(isEmpty({ impact: 'x' })).toBe(false);
  });
});
