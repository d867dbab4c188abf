// The outline the UI thread gets must be the model minus its values, exactly:
// every fixture, the hostile corpus's odd shapes, and a big generated trace go
// through encode → structured clone (as postMessage does) → decode.
import { describe, expect, test } from 'vitest';
import type { RecordedModel, TraceModel } from './model';
import { buildModel, parseTraceBytes } from './parse';
import { decodeOutline, encodeOutline, outlineTransfer } from './outline';
import { valueOf, withValues } from './values';
import { exists, FIXTURES, join, listDir, readBytes } from './test-support/files';

const dirs = listDir(FIXTURES).filter((d) => exists(join(FIXTURES, d, 'case.json')));

/** What the UI may see: the model with every step's value taken off. */
function withoutValues(model: RecordedModel): TraceModel {
  const { recorded: _, steps, ...rest } = model;
  return { ...rest, steps: steps.map(({ result: _r, error: _e, ...s }) => s) };
}

/** The decoded model with its lazy parts made: steps as an array, the path record and tree read. */
const plain = (model: TraceModel): TraceModel => ({ ...model, steps: Array.from(model.steps) }) as unknown as TraceModel;

function roundTrip(model: RecordedModel): TraceModel {
  const wire = encodeOutline(model);
  const moved = structuredClone(wire, { transfer: outlineTransfer(wire) });
  // Transferred, not copied: the sender's columns are detached, and the model's own are not.
  expect(wire.columns.kind.byteLength).toBe(0);
  expect(encodeOutline(model).columns.kind.byteLength).toBe(model.steps.length);
  return plain(decodeOutline(moved));
}

describe.each(dirs)('%s', (dir) => {
  const result = parseTraceBytes(readBytes(join(FIXTURES, dir, 'expected/trace.json')));
  if (result.kind !== 'trace') throw new Error(dir);
  const model = result.model;

  test('the outline is the model without its values', () => {
    expect(roundTrip(model)).toEqual(withoutValues(model));
  });

  test('the values put back give the model again', () => {
    expect(withValues(roundTrip(model), model.steps.map(valueOf))).toEqual(model);
  });
});

test('position traces, path-less entries, unrecorded values and throw undefined keep their shape', () => {
  const model = buildModel([
    { command: 'a', result: 1, durationMs: 2 },
    { command: 'b', threw: true },
    { command: 'c', unrecorded: 'redact', threw: true },
    { command: 'd', result: { x: [1, 2] } }
  ]);
  expect(model.matching).toBe('position');
  expect(roundTrip(model)).toEqual(withoutValues(model));
  expect(model.steps.map(valueOf)).toEqual([{ result: 1 }, {}, {}, { result: { x: [1, 2] } }]);
});

test('a 20,000-step trace with Parallels and Retries nested three deep round-trips', () => {
  const trace: unknown[] = [];
  for (let k = 0; k < 2_000; k++) {
    trace.push({ command: 'deep', path: `${k}r0/0p1/1r1/0`, result: k, durationMs: 0.5 });
    trace.push({ command: 'Parallel', path: `${k}r0/0p`, result: { cancelled: false, branches: 2 } });
    for (let j = 0; j < 8; j++) trace.push({ command: `s${j}`, path: `${k}r0/${j + 1}`, result: { j } });
  }
  const model = buildModel({ flowName: 'deep', trace });
  expect(model.root.children.length).toBe(2_000);
  expect(roundTrip(model)).toEqual(withoutValues(model));
});
