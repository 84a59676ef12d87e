import { Field } from '@/components/Field';
import type { Network } from '@/core/chain/networks';
import { useT } from '@/lib/i18n';
import { useFollowedNetworks } from '@/lib/stores/session';

/**
 * The network the send is on, among the followed ones (and the one in use, followed or not). Shown
 * only when there is a choice; picking another starts the asset and amount afresh, since they were
 * of the other network.
 */
export function SendNetworkField({ network, onChange }: { network: Network; onChange: (networkId: string) => void }) {
  const t = useT('send');
  const followed = useFollowedNetworks();
  const choices = followed.some((n) => n.id === network.id) ? followed : [network, ...followed];
  if (choices.length < 2) return null;
  return (
    <Field label={t('send:form.network.label')} hint={t('send:form.network.hint')}>
      <select value={network.id} onChange={(e) => onChange(e.target.value)}>
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
