import { NetworkSelect } from '@/components/NetworkSelect';
import type { Network } from '@/core/chain/networks';
import { useT } from '@/lib/i18n';
import { useNetworkChoices } from '@/lib/stores/session';

/**
 * The network the send is on, among the followed ones (and the one in use, followed or not).
 * Picking another starts the asset and amount afresh: they were of the other network.
 */
export function SendNetworkField({ network, onChange }: { network: Network; onChange: (networkId: string) => void }) {
  const t = useT('send');
  const choices = useNetworkChoices(network);
  return (
    <NetworkSelect
      label={t('send:form.network.label')}
      hint={t('send:form.network.hint')}
      choices={choices}
      value={network}
      onChange={onChange}
    />
  );
}
