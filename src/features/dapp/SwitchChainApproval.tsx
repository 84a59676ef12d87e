import { useEffect } from 'react';
import { T } from '@/components/T';
import { notConnectedError, unknownChainError } from '@/core/dapp/siteErrors';
import { withSiteNetwork } from '@/core/dapp/sites';
import { untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useSession } from '@/lib/stores/session';
import { ApprovalFrame } from './ApprovalFrame';
import { useSiteRequest } from './useSiteRequest';

/** wallet_switchEthereumChain to a network the site has not used yet (EIP-3326): the site's own network changes, not Cairn's. */
export function SwitchChainApproval({ id, chainId }: { id: number; chainId: number }) {
  const t = useT('dapp');
  const request = useSiteRequest(id);
  const networks = useSession((s) => s.networks);
  const updateSite = useSession((s) => s.updateSite);
  const target = networks.find((n) => n.chainId === chainId);
  const { fail, site } = request;
  useEffect(() => {
    if (!site) fail(notConnectedError('switching its network'));
    else if (!target) fail(unknownChainError(chainId));
  }, [site, target, chainId, fail]);
  if (!site || !target) return null;
  const approve = () => {
    updateSite(site.origin, (stored) => (stored ? withSiteNetwork(stored, target.id) : stored));
    void request.approveOnceStored(null);
  };
  return (
    <ApprovalFrame
      title={t('dapp:switchChain.title')}
      requestId={id}
      network={request.network}
      approveLabel={t('dapp:switchChain.approve', { name: untrustedValue(target.name, 'name') })}
      onApprove={approve}
      onDecline={request.decline}
      busy={request.busy}
      error={request.error}
    >
      <p>
        <T
          id="dapp:switchChain.intro"
          values={{ name: untrustedValue(target.name, 'name'), chainId: String(target.chainId) }}
          tags={{ 0: <strong /> }}
        />
      </p>
    </ApprovalFrame>
  );
}
