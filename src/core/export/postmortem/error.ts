// A recorded error as a nested list, read the way the details pane shows it (ErrorView): name and
// message, then code and the other own fields, then the cause chain and an AggregateError's
// children, each one level deeper. The stack is left out: it is long, and the incident keeps it.
import { preview } from '../../present/step-text';
import { isStoredError } from '../../values/revive';
import { clip, code, count, details, fence, jsonBlock, text } from './markdown';

const HIDDEN = new Set(['__error', '__enumerable', 'name', 'message', 'stack', 'cause', '__errors']);
const MAX_DEPTH = 8;
const MAX_MESSAGE = 300;
const MAX_FIELDS = 12;

const indent = (depth: number) => '  '.repeat(depth);

/** `Error: message` as one code span, as a log shows it; a long or multi-line message follows in full in a fence. */
function headline(name: string, message: string, depth: number): string[] {
  const one = clip(message, MAX_MESSAGE);
  const line = `${indent(depth)}- ${code(message ? `${name}: ${one}` : name)}`;
  if (one === message && !/\n/.test(message)) return [line];
  const block = fence(clip(message, 4 * MAX_MESSAGE), 'text').split('\n').map((l) => `${indent(depth + 1)}${l}`);
  return [line, '', ...block, ''];
}

function lines(value: unknown, depth: number, prefix: string): string[] {
  if (!isStoredError(value)) return [`${indent(depth)}- ${prefix}a value that is not an Error: ${code(preview(value))}`];
  const name = typeof value.name === 'string' ? value.name : value.name === undefined ? 'Error' : preview(value.name);
  const message = typeof value.message === 'string' ? value.message : '';
  const [first = '', ...rest] = headline(name, message, depth);
  const out = [first.replace(/^(\s*- )/, `$1${prefix}`), ...rest];
  const fields = Object.entries(value).filter(([k]) => !HIDDEN.has(k));
  for (const [key, field] of fields.slice(0, MAX_FIELDS)) out.push(`${indent(depth + 1)}- ${text(key)}: ${code(preview(field))}`);
  if (fields.length > MAX_FIELDS) out.push(`${indent(depth + 1)}- and ${count(fields.length - MAX_FIELDS)} more fields (in the incident, open in Timescope)`);
  const children = Array.isArray(value.__errors) ? value.__errors : undefined;
  if (children) {
    out.push(`${indent(depth + 1)}- ${children.length} aggregated ${children.length === 1 ? 'error' : 'errors'}:`);
    for (const child of children.slice(0, MAX_FIELDS)) out.push(...nested(child, depth + 2, ''));
  }
  if ('cause' in value) out.push(...nested(value.cause, depth + 1, 'caused by '));
  return out;
}

function nested(value: unknown, depth: number, prefix: string): string[] {
  return depth <= MAX_DEPTH ? lines(value, depth, prefix) : [`${indent(depth)}- ${prefix}${code(preview(value))}`];
}

/** What a Failure carried: an error as its list, any other value as a one-line preview, and in full when that was cut. */
export function failureList(value: unknown): string {
  if (isStoredError(value)) return lines(value, 0, '').join('\n');
  const short = preview(value);
  const whole = short.endsWith('…') ? `\n\n${details('The whole value', jsonBlock(value))}` : '';
  return `- ${code(short)}${whole}`;
}

/** The error a step threw, as Markdown list lines. */
export function errorList(stored: unknown, hasValue = true): string[] {
  if (!hasValue) return ['- `undefined`: the step threw undefined, so the recorder stored no error value'];
  return lines(stored, 0, '');
}
