import type { Network } from '@/core/chain/networks';
import { Field } from './Field';

/**
 * A labelled choice of network (Send, Swap, Receive: the network an action is on, picked where the
 * action is, never by switching the whole app). Shown only when there is a choice.
 */
export function NetworkSelect({
  label,
  hint,
  choices,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  choices: readonly Network[];
  value: Network;
  onChange: (networkId: string) => void;
}) {
  if (choices.length < 2) return null;
  return (
    <Field label={label} hint={hint}>
      <select value={value.id} onChange={(e) => onChange(e.target.value)}>
        {choices.map((choice) => (
          // A network's name is data the person or a preset gave, not words to translate.
          <option key={choice.id} value={choice.id} translate="no">
            {choice.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
