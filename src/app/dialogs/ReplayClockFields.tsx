// Settings for replays' hidden inputs (core/source/ambient.ts): a fixed clock and a seed, read by
// the same rule as the CLI's --clock and --seed (core/source/ambientReport.ts), so the same text
// fixes the same instant in both. Empty puts back the real clock or randomness, the library's own
// behaviour and the default. Each valid value is saved as it is typed, as the other settings are.
import { useId, useState } from 'react';
import { clockText, parseClock, parseSeed } from '../../core/source/ambientReport';
import { useSettingsStore } from '../../stores/settingsStore';
import { Field, FieldInput } from './SettingsField';

/** A text field whose empty value means "the real one" and whose other values parse or are named as wrong. */
function useOptionalValue(initial: string, parse: (text: string) => number | undefined, problem: string, save: (value: number | null) => void) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  const change = (next: string) => {
    setText(next);
    const value = next.trim() === '' ? null : parse(next);
    setError(value === undefined ? problem : undefined);
    if (value !== undefined) save(value);
  };
  return { text, error, change };
}

export function ReplayClockField() {
  const id = useId();
  const saved = useSettingsStore((s) => s.replayClock);
  const { text, error, change } = useOptionalValue(
    saved === null ? '' : clockText(saved),
    parseClock,
    'Enter an ISO time such as 2026-03-01T09:30:00Z, or milliseconds since 1970.',
    (ms) => useSettingsStore.getState().setReplayClock(ms)
  );
  return (
    <Field
      id={id}
      label="Fixed clock for replays"
      error={error}
      hint="Every Date.now(), new Date() and performance read of the flow's pure code answers this instant, so two replays of the same code give the same verdict. Production read its own time, not this one. Empty: the real clock, as the library's own replay reads it."
      after={error || saved === null ? undefined : <p data-testid="replay-clock-saved">Replays read <span className="font-mono text-fg">{clockText(saved)}</span></p>}
    >
      <FieldInput
        id={id}
        type="text"
        placeholder="2026-03-01T09:30:00Z"
        value={text}
        error={error}
        onValue={change}
        width="w-64"
      />
    </Field>
  );
}

export function ReplaySeedField() {
  const id = useId();
  const saved = useSettingsStore((s) => s.replaySeed);
  const { text, error, change } = useOptionalValue(saved === null ? '' : String(saved), parseSeed, 'Enter a whole number, such as 42.', (seed) =>
    useSettingsStore.getState().setReplaySeed(seed)
  );
  return (
    <Field
      id={id}
      label="Seed for replays"
      error={error}
      hint="Math.random() and crypto's random values in the flow's pure code come from a generator seeded with this whole number, so two replays draw the same numbers. Empty: real randomness."
    >
      <FieldInput
        id={id}
        type="text"
        inputMode="numeric"
        placeholder="42"
        value={text}
        error={error}
        onValue={change}
        width="w-40"
      />
    </Field>
  );
}
