import { Field } from './Field';

/**
 * A labelled one-line (or, with `rows`, multi-line) text field for technical values: no spell
 * check, autocapitalisation or autocomplete, and its error tied to it.
 */
export function TextField({
  label,
  hint,
  error,
  value,
  onChange,
  inputMode,
  rows,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  inputMode?: 'numeric' | 'decimal' | undefined;
  rows?: number | undefined;
}) {
  const common = {
    value,
    spellCheck: false,
    autoCapitalize: 'off',
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  return (
    <Field label={label} hint={hint} error={error}>
      {rows ? (
        <textarea rows={rows} {...common} />
      ) : (
        <input type="text" inputMode={inputMode} autoComplete="off" {...common} />
      )}
    </Field>
  );
}
