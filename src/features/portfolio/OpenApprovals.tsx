import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Address } from 'viem';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import { countWide } from '@/core/approvals/wide';
import type { Network } from '@/core/chain/networks';
import { untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { accountApprovalsQuery } from '@/lib/queries/approvalQueries';
import { useChainHead } from '@/lib/queries/useChainHead';
import { useApprovalStore } from '@/lib/stores/approvalStore';
import { useSession } from '@/lib/stores/session';
import { useVaultSession } from '@/lib/vault/vault';

/** How many unlimited allowances and operators for all NFTs an account has left open, once read. */
function useOpenUnlimited(network: Network, account: Account): number | undefined {
  const head = useChainHead(network);
  const explorer = useSession((s) => s.explorers[network.id]);
  const query = useQuery({
    ...accountApprovalsQuery(network, useApprovalStore(), account.address as Address, explorer),
    enabled: head.data?.status === 'ok',
    select: (data) => countWide(data.approvals),
  });
  return query.data;
}

/**
 * "3 open unlimited approvals", linking to the Approvals screen with the account selected; nothing
 * while unknown or when there are none. Refreshed when the background sync finds approval events.
 */
export function OpenApprovals({ network, account, named }: { network: Network; account: Account; named: boolean }) {
  useT('portfolio');
  const count = useOpenUnlimited(network, account);
  const links = useLinks();
  const session = useVaultSession();
  if (!count) return null;
  return (
    <p className={ui.flush}>
      <Link to={links.approvals} onClick={() => session.selectAccount(account.id)}>
        {named ? (
          <T id="portfolio:openApprovals.named" values={{ account: untrustedValue(account.name, 'name'), count }} />
        ) : (
          <T id="portfolio:openApprovals.count" values={{ count }} />
        )}
      </Link>
    </p>
  );
}
