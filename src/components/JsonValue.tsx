// Any recorded value, shown as text. react-json-view-lite renders through
// React text nodes, so a string holding HTML is shown, never parsed.
import { JsonView } from 'react-json-view-lite';

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

export function JsonValue({ value, label }: { value: unknown; label: string }) {
  if (value === null || typeof value !== 'object') {
    return (
      <pre aria-label={label} className="ts-json whitespace-pre-wrap break-words">
        {value === undefined ? <span className="ts-json-null">undefined</span> : (JSON.stringify(value) ?? String(value))}
      </pre>
    );
  }
  return (
    <div aria-label={label} role="group">
      <JsonView data={value as object} style={styles} shouldExpandNode={expandSensibly} />
    </div>
  );
}
