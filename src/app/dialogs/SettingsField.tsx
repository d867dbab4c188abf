// One field of the Settings dialog: its label, the input, the reason a value was not saved, and
// what the field is for (read with the field by screen readers).
import type { InputHTMLAttributes, ReactNode } from 'react';

export const FIELD_INPUT = 'mt-1 block rounded border bg-bg px-2 py-1 font-mono text-[12px] text-fg aria-[invalid=true]:border-err';

interface FieldProps {
  id: string;
  label: string;
  error: string | undefined;
  /** what the field is for; screen readers read it with the field */
  hint: ReactNode;
  /** under the hint: presets, a preview */
  after?: ReactNode;
  children: ReactNode;
}

export function Field({ id, label, error, hint, after, children }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className="text-[12px] font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-[12px] text-err">
          {error} Not saved.
        </p>
      )}
      <p id={`${id}-hint`} className="mt-1 text-[12px] text-muted">
        {hint}
      </p>
      {after && <div className="mt-1 text-[12px] text-muted">{after}</div>}
    </div>
  );
}


type FieldInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'> & {
  id: string;
  value: string;
  error: string | undefined;
  onValue: (text: string) => void;
  /** its width: 'w-40', 'w-64', 'w-full' */
  width: string;
};

/** A Field's input: marked invalid while its value is not saved, and described by the reason and the hint. */
export function FieldInput({ id, value, error, onValue, width, ...rest }: FieldInputProps) {
  return (
    <input
      id={id}
      spellCheck={false}
      autoComplete="off"
      {...rest}
      value={value}
      aria-invalid={error !== undefined}
      aria-describedby={`${error ? `${id}-error ` : ''}${id}-hint`}
      onChange={(e) => onValue(e.target.value)}
      className={`${FIELD_INPUT} ${width} border-line`}
    />
  );
}
