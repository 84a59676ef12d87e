import type { Network } from '@/core/chain/networks';
import { Field } from './Field';

/**
 * Which networks a list shows: all that are followed, or one. The same choice as the header's
 * network chip (the window's view), offered where the list is. Shown only when there is a choice.
 */
export function NetworkViewSelect({
  label,
  allLabel,
  followed,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  followed: readonly Network[];
  value: 'all' | Network;
  onChange: (view: 'all' | string) => void;
}) {
  if (followed.length < 2) return null;
  const choices = value === 'all' || followed.includes(value) ? followed : [value, ...followed];
  return (
    <Field label={label}>
      <select value={value === 'all' ? 'all' : value.id} onChange={(e) => onChange(e.target.value)}>
        <option value="all">{allLabel}</option>
        {choices.map((network) => (
          // A network's name is data the person or a preset gave, not words to translate.
          <option key={network.id} value={network.id} translate="no">
            {network.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
