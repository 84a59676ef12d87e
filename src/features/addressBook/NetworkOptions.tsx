import type { Network } from '@/core/chain/networks';
import { translate, useT } from '@/lib/i18n';
import { networkLabel } from './contactLabels';

/** "All EVM networks", each network, and the contact's own network if it has since been removed. */
export function NetworkOptions({ networks, current }: { networks: readonly Network[]; current: string }) {
  const t = useT('addressBook');
  const missing = current !== 'all' && !networks.some((n) => n.id === current);
  return (
    <>
      <option value="all">{t('addressBook:network.allEvm')}</option>
      {networks.map((network) => (
        <option key={network.id} value={network.id} translate="no">
          {network.name}
        </option>
      ))}
      {missing && <option value={current}>{translate(networkLabel(networks, current))}</option>}
    </>
  );
}
