// A JUnit XML report of a batch replay: one <testcase> per trace, grouped in a <testsuite> per
// source, with a <failure> for every verdict that is not reproduced or fixed. CI systems (GitHub,
// GitLab, Jenkins) show it natively. Every value in it may come from a trace (a command name, an
// error message), so all text is escaped, and characters XML 1.0 cannot hold are replaced.
import { isPassing, UNPROVEN, type BatchRow } from './row';

export interface JunitCase {
  readonly source: string;
  readonly line: number;
  readonly row: BatchRow;
  /** seconds the replay took, when measured */
  readonly seconds?: number;
}

/** Characters outside XML 1.0's Char production (controls, lone surrogates, U+FFFE/FFFF) become U+FFFD. */
function xmlChars(text: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the characters XML cannot carry
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

export function escapeText(text: string): string {
  return xmlChars(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Attribute values also keep their quotes, tabs and line breaks (a parser would normalize raw ones to spaces). */
export function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

const attrs = (pairs: Record<string, string | number>) =>
  Object.entries(pairs)
    .map(([k, v]) => ` ${k}="${escapeAttr(String(v))}"`)
    .join('');

function caseXml(c: JunitCase): string {
  const { row } = c;
  const head = `    <testcase${attrs({ classname: c.source, name: `${c.source}:${c.line}`, ...(c.seconds !== undefined ? { time: c.seconds.toFixed(3) } : {}) })}`;
  const lines = [
    `verdict: ${row.verdict}`,
    ...(row.path !== undefined ? [`path: ${row.path}`] : []),
    ...(row.stepIndex !== undefined ? [`step: ${row.stepIndex + 1}`] : []),
    ...(row.unreached.length > 0 ? [`unreached: ${row.unreached.join(', ')}`] : []),
    ...(row.outcomeUnproven ? [UNPROVEN] : [])
  ].join('\n');
  if (isPassing(row.verdict)) return `${head}>\n      <system-out>${escapeText(`${row.detail}\n${lines}`)}</system-out>\n    </testcase>`;
  return `${head}>\n      <failure${attrs({ type: row.verdict, message: `${row.verdict}: ${row.detail}` })}>${escapeText(lines)}</failure>\n    </testcase>`;
}

export function junitXml(cases: readonly JunitCase[], suiteName = 'timescope replay-all'): string {
  const bySource = new Map<string, JunitCase[]>();
  for (const c of cases) {
    const list = bySource.get(c.source);
    if (list) list.push(c);
    else bySource.set(c.source, [c]);
  }
  const failures = (list: readonly JunitCase[]) => list.filter((c) => !isPassing(c.row.verdict)).length;
  const time = (list: readonly JunitCase[]) => list.reduce((s, c) => s + (c.seconds ?? 0), 0).toFixed(3);
  const suites = [...bySource].map(
    ([source, list]) =>
      `  <testsuite${attrs({ name: source, tests: list.length, failures: failures(list), errors: 0, skipped: 0, time: time(list) })}>\n${list.map(caseXml).join('\n')}\n  </testsuite>`
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${attrs({ name: suiteName, tests: cases.length, failures: failures(cases), errors: 0, time: time(cases) })}>\n${suites.join('\n')}\n</testsuites>\n`;
}
