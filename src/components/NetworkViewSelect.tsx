import {
  useFollowedNetworks,
  useNetworkChoices,
  useSession,
  useViewedNetworks,
  useViewsAll,
} from '@/lib/stores/session';
import { Field } from './Field';

/**
 * Which networks a list shows: all that are followed, or one. The window's view, the same choice
 * as the header's network chip, offered where the list is (read and set here, so every screen
 * shows the very networks the chip does). Shown only when there is a choice.
 */
export function NetworkViewSelect({ label, allLabel }: { label: string; allLabel: string }) {
  const followed = useFollowedNetworks();
  const viewed = useViewedNetworks();
  const all = useViewsAll();
  const setView = useSession((s) => s.setNetworkView);
  const value = all ? 'all' : (viewed[0] ?? 'all');
  // The one network viewed may be the header's, followed or not: it is offered too.
  const choices = useNetworkChoices(value === 'all' ? undefined : value);
  if (followed.length < 2) return null;
  return (
    <Field label={label}>
      <select value={value === 'all' ? 'all' : value.id} onChange={(e) => setView(e.target.value)}>
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
