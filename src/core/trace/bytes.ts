// Bytes before text: recognise files that are not UTF-8 JSON at all (archives,
// compressed files, UTF-16 from a Windows shell, Latin-1 from an editor) and
// say what they are, instead of letting them fail as baffling JSON errors.

import type { TraceProblem } from './errors';

const hex = (b: number) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`;

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

const OPEN_PLAYWRIGHT =
  "Open it with Playwright's trace viewer (npx playwright show-trace <file>). Timescope opens the JSON trace that pure-effect's recordEffect returns: save JSON.stringify(result.trace) to a .json file and drop that here.";

/** A problem for bytes that are plainly not a UTF-8 text file, or undefined. */
export function sniffBinary(bytes: Uint8Array, fileName?: string): TraceProblem | undefined {
  const head = sniffHead(bytes, fileName);
  if (head) return head;
  // A zero byte can never appear in JSON text, not even inside a string.
  const zero = bytes.indexOf(0);
  if (zero !== -1) {
    return {
      message: `this file holds binary data (a zero byte at byte offset ${zero}), not JSON text`,
      hint: 'A pure-effect trace is a JSON text file. Check that this is the file you meant to open.'
    };
  }
  return undefined;
}

/**
 * sniffBinary without the look for a zero byte, which reads the whole file (~25 ms at 30 MB): the
 * byte scanner refuses a zero byte anywhere as it reads, so before it only the first bytes are
 * checked, and a file it refuses goes to parseTraceBytes, which sniffs it whole.
 */
export function sniffHead(bytes: Uint8Array, fileName?: string): TraceProblem | undefined {
  // Local file header, or the end record of an empty archive.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    return { message: 'this looks like a Playwright trace (a .zip), not a pure-effect trace', hint: OPEN_PLAYWRIGHT };
  }
  if (startsWith(bytes, [0x1f, 0x8b])) {
    return {
      message: 'this file is gzip-compressed: unzip it first',
      hint: `Decompress it (for example gunzip ${fileName ?? 'the file'}) and open the .json file inside.`
    };
  }
  const utf16 =
    startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])
      ? true
      : // No BOM: ASCII text in UTF-16 has a zero in every other byte.
        bytes.length >= 2 && (bytes[0] === 0) !== (bytes[1] === 0);
  if (utf16) {
    return {
      message: 'this file is UTF-16 text; Timescope reads UTF-8',
      hint: "Save it again as UTF-8. PowerShell's > writes UTF-16: pipe to Out-File -Encoding utf8 instead, or write the file from Node with fs.writeFileSync."
    };
  }
  return undefined;
}

/**
 * Offset of the first byte that does not belong to a well-formed UTF-8
 * sequence (the lead byte of a broken one), or -1. TextDecoder's fatal mode
 * only says "invalid"; this says where.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0; // overlong
      if (b === 0xed) hi = 0x9f; // surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90; // overlong
      if (b === 0xf4) hi = 0x8f; // above U+10FFFF
    } else return i;
    const second = bytes[i + 1];
    if (second === undefined || second < lo || second > hi) return i;
    for (let k = 2; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** The problem for bytes that are not UTF-8, naming the byte and its line. */
export function notUtf8Problem(bytes: Uint8Array, offset: number): TraceProblem {
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < offset; i = bytes.indexOf(0x0a, i + 1)) line++;
  return {
    message: `the file is not UTF-8 text: invalid byte ${hex(bytes[offset] ?? 0)} at byte offset ${offset} (line ${line})`,
    hint: 'Timescope reads traces as UTF-8 JSON, which is what JSON.stringify and fs.writeFile produce. An editor may have saved it as Latin-1 or Windows-1252: save it again as UTF-8.',
    where: { line }
  };
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decode UTF-8 from `start` (past a BOM); on failure, a problem naming the offset in the whole file. */
export function decodeUtf8(bytes: Uint8Array, start = 0): { text: string } | { problem: TraceProblem } {
  const body = start ? bytes.subarray(start) : bytes;
  try {
    return { text: decoder.decode(body) };
  } catch {
    const offset = firstInvalidUtf8(body);
    return { problem: notUtf8Problem(bytes, start + (offset === -1 ? 0 : offset)) };
  }
}
