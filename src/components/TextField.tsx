import type { Message } from '@/core/i18n/message';
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
  type = 'text',
}: {
  label: string;
  hint?: Message | string | undefined;
  error?: Message | string | undefined;
  value: string;
  onChange: (value: string) => void;
  inputMode?: 'numeric' | 'decimal' | undefined;
  rows?: number | undefined;
  /** `password` for a secret such as an API key, `url` for a web address. */
  type?: 'text' | 'url' | 'password';
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
        <input type={type} inputMode={inputMode} autoComplete="off" {...common} />
      )}
    </Field>
  );
}
