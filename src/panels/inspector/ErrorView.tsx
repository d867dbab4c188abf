// A recorded error, read the way an on-call engineer reads one: name and
// message first, then code and other fields, the cause chain, the children
// of an AggregateError, and the stack when the recorder kept it.
import { JsonValue } from '../../components/JsonValue';
import { preview } from '../../core/present/step-text';
import { CUT_TO_CHARS, LONG_STRING_CHARS, shownValue } from '../../core/present/shown';
import { markedNumberText } from '../../core/present/markedNumber';
import { pointerKey } from '../../core/trace/exact-numbers';
import { LongTextNote } from '../../components/LongText';

type StoredError = { __error: true } & Record<string, unknown>;

const isStoredError = (v: unknown): v is StoredError =>
  typeof v === 'object' && v !== null && (v as { __error?: unknown }).__error === true;

const HIDDEN = new Set(['__error', '__enumerable', 'name', 'message', 'stack', 'cause', '__errors']);
const MAX_DEPTH = 8;

/** Where a part of the error is in the trace, so a number JavaScript rounded shows as the file wrote it (exactNumbers). */
interface At {
  readonly exact?: Readonly<Record<string, string>>;
  readonly pointer?: string;
}
const inside = (at: At, key: string | number): At => ({ exact: at.exact, pointer: at.pointer === undefined ? undefined : at.pointer + pointerKey(key) });

/** A scalar field's text: a rounded number (or -0) as the file wrote it, anything else previewed. */
function scalarText(value: unknown, at: At): string {
  const shown = typeof value === 'number' ? shownValue(value, { ...at, number: markedNumberText }).value : value;
  return typeof shown === 'string' && typeof value === 'number' ? shown : preview(value);
}

function Fields({ error, at }: { error: StoredError; at: At }) {
  const fields = Object.entries(error).filter(([k]) => !HIDDEN.has(k));
  if (!fields.length) return null;
  return (
    <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 font-mono text-[12px]">
      {fields.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-muted">{key}</dt>
          <dd className="min-w-0 break-words">{typeof value === 'object' && value !== null ? <JsonValue value={value} label={key} {...inside(at, key)} /> : scalarText(value, inside(at, key))}</dd>
        </div>
      ))}
    </dl>
  );
}

function OneError({ value, depth, at }: { value: unknown; depth: number; at: At }) {
  if (!isStoredError(value)) {
    return (
      <div>
        <p className="text-[12px] text-muted">A value that is not an Error was thrown:</p>
        <JsonValue value={value} label="thrown value" {...at} />
      </div>
    );
  }
  const name = typeof value.name === 'string' ? value.name : value.name === undefined ? 'undefined' : preview(value.name);
  const message = typeof value.message === 'string' ? value.message : '';
  // A message or stack of megabytes is cut like any long string, with the whole of it on request.
  const longMessage = message.length > LONG_STRING_CHARS;
  const stack = typeof value.stack === 'string' ? value.stack : undefined;
  const longStack = stack !== undefined && stack.length > LONG_STRING_CHARS;
  const children = Array.isArray(value.__errors) ? value.__errors : undefined;
  return (
    <div>
      <p className="font-mono text-[13px] font-semibold text-err">
        {name}
        {message && <span className="font-normal text-fg">: {longMessage ? `${message.slice(0, CUT_TO_CHARS)}…` : message}</span>}
      </p>
      {longMessage && <LongTextNote item={{ where: 'message', text: message }} label="message" />}
      <Fields error={value} at={at} />
      {children && (
        <div className="mt-2">
          <p className="text-[11px] font-semibold uppercase tracking-wide text-muted">{children.length} aggregated {children.length === 1 ? 'error' : 'errors'}</p>
          <ol className="mt-1 space-y-1 border-l-2 border-line pl-3">
            {children.map((child, i) => (
              <li key={i}>{depth < MAX_DEPTH ? <OneError value={child} depth={depth + 1} at={inside(inside(at, '__errors'), i)} /> : preview(child)}</li>
            ))}
          </ol>
        </div>
      )}
      {'cause' in value && (
        <div className="mt-2 border-l-2 border-err/40 pl-3">
          <p className="text-[11px] font-semibold uppercase tracking-wide text-muted">caused by</p>
          {depth < MAX_DEPTH ? <OneError value={value.cause} depth={depth + 1} at={inside(at, 'cause')} /> : <p className="font-mono text-[12px]">{preview(value.cause)}</p>}
        </div>
      )}
      {stack !== undefined && (
        <details className="mt-2">
          <summary className="cursor-pointer text-[12px] text-muted">Stack</summary>
          <pre className="mt-1 overflow-auto whitespace-pre font-mono text-[11px] text-muted">{longStack ? `${stack.slice(0, CUT_TO_CHARS)}…` : stack}</pre>
          {longStack && <LongTextNote item={{ where: 'stack', text: stack }} label="stack" />}
        </details>
      )}
    </div>
  );
}

export function ErrorView({ error, hasValue, exact, pointer }: { error: unknown; hasValue: boolean; exact?: Readonly<Record<string, string>>; pointer?: string }) {
  if (!hasValue) {
    return <p className="font-mono text-[12px] text-err">threw undefined (the recorder stored no error value)</p>;
  }
  return (
    <div className="space-y-3">
      <OneError value={error} depth={0} at={{ exact, pointer }} />
      <details>
        <summary className="cursor-pointer text-[12px] text-muted">As recorded (JSON)</summary>
        <JsonValue value={error} label="recorded error" exact={exact} pointer={pointer} />
      </details>
    </div>
  );
}
