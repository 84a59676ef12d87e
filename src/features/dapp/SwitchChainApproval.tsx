import { useEffect } from 'react';
import { providerError } from '@/core/dapp/providerErrors';
import { withSiteNetwork } from '@/core/dapp/sites';
import { useSession } from '@/lib/session';
import { ApprovalFrame } from './ApprovalFrame';
import { useSiteRequest } from './useSiteRequest';

/** wallet_switchEthereumChain to a network the site has not used yet (EIP-3326): the site's own network changes, not Cairn's. */
export function SwitchChainApproval({ id, chainId }: { id: number; chainId: number }) {
  const request = useSiteRequest(id);
  const networks = useSession((s) => s.networks);
  const updateSite = useSession((s) => s.updateSite);
  const target = networks.find((n) => n.chainId === chainId);
  const { fail, site } = request;
  useEffect(() => {
    if (!site)
      fail(providerError('unauthorized', 'Connect to Cairn (eth_requestAccounts) before switching its network.'));
    else if (!target)
      fail(
        providerError(
          'unrecognizedChain',
          `Cairn has no network with chain id ${chainId}: add it with wallet_addEthereumChain first.`,
        ),
      );
  }, [site, target, chainId, fail]);
  if (!site || !target) return null;
  const approve = () => {
    updateSite(site.origin, (stored) => (stored ? withSiteNetwork(stored, target.id) : stored));
    request.approve(null);
  };
  return (
    <ApprovalFrame
      title="Switch this site’s network?"
      requestId={id}
      network={request.network}
      approveLabel={`Switch to ${target.name}`}
      onApprove={approve}
      onDecline={request.decline}
    >
      <p>
        The site asks to use <strong>{target.name}</strong> (chain id {target.chainId}). Only this site changes network;
        Cairn’s own window stays on its network.
      </p>
    </ApprovalFrame>
  );
}
