// Any recorded value, shown as text. react-json-view-lite renders through
// React text nodes, so a string holding HTML is shown, never parsed. Long
// strings are cut and rounded numbers marked first (core/present/shown).
import { useMemo } from 'react';
import { JsonView } from 'react-json-view-lite';
import { shownValue } from '../core/present/shown';
import { markedNumberText } from '../core/present/markedNumber';
import { LongTextNote } from './LongText';

type StyleProps = NonNullable<Parameters<typeof JsonView>[0]['style']>;

const styles: Required<StyleProps> = {
  container: 'ts-json',
  basicChildStyle: 'ts-json-child',
  childFieldsContainer: 'ts-json-children',
  label: 'ts-json-label',
  clickableLabel: 'ts-json-label',
  nullValue: 'ts-json-null',
  undefinedValue: 'ts-json-null',
  stringValue: 'ts-json-string',
  booleanValue: 'ts-json-boolean',
  numberValue: 'ts-json-number',
  otherValue: 'ts-json-other',
  punctuation: 'ts-json-punct',
  expandIcon: 'ts-json-icon ts-json-expand',
  collapseIcon: 'ts-json-icon ts-json-collapse',
  collapsedContent: 'ts-json-collapsed',
  noQuotesForStringValues: false,
  quotesForFieldNames: false,
  ariaLables: { collapseJson: 'collapse', expandJson: 'expand' },
  stringifyStringValues: true
};

/** Expand the first levels, and keep big arrays folded so a 10,000-item result does not render at once. */
const expandSensibly = (level: number, value: unknown) => level < 2 && !(Array.isArray(value) && value.length > 50);

/**
 * The tree renders a Date through its toISOString as unquoted text, the only
 * hook it has for a value of our own: a rounded number shows as this text
 * rather than as a number (pinned by JsonValue.test.tsx, should the library change).
 */
class MarkedNumber extends Date {
  constructor(private readonly text: string) {
    super(0);
  }
  override toISOString() {
    return this.text;
  }
}

export interface JsonValueProps {
  readonly value: unknown;
  readonly label: string;
  /** TraceModel.exactNumbers and this value's pointer in the trace, to show rounded numbers as written */
  readonly exact?: Readonly<Record<string, string>>;
  readonly pointer?: string;
}

export function JsonValue({ value, label, exact, pointer }: JsonValueProps) {
  const shown = useMemo(() => shownValue(value, { exact, pointer, number: (n) => new MarkedNumber(markedNumberText(n)) }), [value, exact, pointer]);
  const notes = shown.long.map((item) => <LongTextNote key={item.where} item={item} label={label} />);
  const v = shown.value;
  if (v instanceof MarkedNumber || v === null || typeof v !== 'object') {
    return (
      <>
        <pre aria-label={label} className="ts-json whitespace-pre-wrap break-words">
          {v === undefined ? <span className="ts-json-null">undefined</span> : v instanceof MarkedNumber ? v.toISOString() : (JSON.stringify(v) ?? String(v))}
        </pre>
        {notes}
      </>
    );
  }
  return (
    <>
      <div aria-label={label} role="group">
        <JsonView data={v as object} style={styles} shouldExpandNode={expandSensibly} />
      </div>
      {notes}
    </>
  );
}
