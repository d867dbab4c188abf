// A batch of rows as a replay worker sends them back: the batch's distinct rows once (most traces
// of a corpus end the same way, so a batch of 256 usually holds two or three), and four numbers
// per replayed trace. The main thread then parses a few rows per batch instead of one object per
// trace, and shares each row among the traces that got it (a row is read-only data).
import type { BatchRow } from './row';

/** Numbers per replayed item in PackedRows.replayed: seq, row, before, ms. */
export const REPLAYED_STRIDE = 4;

export interface PackedRows {
  /** JSON text: the batch's distinct rows, and the items that got no row (`other`), as made by the packer's JSON */
  readonly json: string;
  /** per replayed item: its seq, its row and its baseline's row (indexes into the rows; -1 without --baseline), and its ms */
  readonly replayed: Float64Array;
}

export interface RowPacker<Other> {
  row(seq: number, row: BatchRow, ms: number, before?: BatchRow): void;
  /** an item that got no row (it is not a trace, the flow did not load…), sent as it is */
  other(item: Other): void;
  /** Everything added so far, and start again. */
  pack(): PackedRows;
}

export function rowPacker<Other>(): RowPacker<Other> {
  let texts: string[] = [];
  let index = new Map<string, number>();
  let replayed: number[] = [];
  let others: Other[] = [];
  // A row's JSON text is its identity, and the text sent: each distinct row is written once.
  const rowIndex = (row: BatchRow) => {
    const text = JSON.stringify(row);
    let i = index.get(text);
    if (i === undefined) {
      i = texts.length;
      texts.push(text);
      index.set(text, i);
    }
    return i;
  };
  return {
    row(seq, row, ms, before) {
      replayed.push(seq, rowIndex(row), before ? rowIndex(before) : -1, ms);
    },
    other(item) {
      others.push(item);
    },
    pack() {
      const packed = { json: `{"rows":[${texts.join(',')}],"others":${JSON.stringify(others)}}`, replayed: Float64Array.from(replayed) };
      texts = [];
      index = new Map();
      replayed = [];
      others = [];
      return packed;
    }
  };
}

export interface UnpackedRow {
  readonly seq: number;
  readonly row: BatchRow;
  readonly ms: number;
  readonly before?: BatchRow;
}

/** The rows and other items of a packed batch; throws if the numbers do not point at its rows. */
export function unpackRows<Other>(packed: PackedRows): { rows: UnpackedRow[]; others: Other[] } {
  const { rows: distinct, others } = JSON.parse(packed.json) as { rows: BatchRow[]; others: Other[] };
  const { replayed } = packed;
  if (replayed.length % REPLAYED_STRIDE !== 0) throw new Error('the packed rows are cut short');
  const rowAt = (i: number) => {
    const row = distinct[i];
    if (row === undefined || !Number.isInteger(i)) throw new Error(`a packed item names row ${i} of ${distinct.length}`);
    return row;
  };
  const rows: UnpackedRow[] = [];
  for (let at = 0; at < replayed.length; at += REPLAYED_STRIDE) {
    const seq = replayed[at]!;
    const before = replayed[at + 2]!;
    const base = { seq, row: rowAt(replayed[at + 1]!), ms: replayed[at + 3]! };
    rows.push(before === -1 ? base : { ...base, before: rowAt(before) });
  }
  return { rows, others };
}
