import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { untrustedValue } from '@/core/i18n/message';
import { smartAccountStateQuery } from '@/lib/queries/smartAccountQueries';
import { useChainHead } from '@/lib/queries/useChainHead';

/**
 * On a network where the account does not exist as what it is, a warning before anything is sent
 * there: a Safe with no code at its address on that network (no Safe deployed there), or an
 * account upgraded to a smart account on its home network with no delegation on this one.
 */
export function AccountAbsentWarning({
  account,
  network,
  home,
}: {
  account: Account;
  network: Network;
  /** The network the account was set up on (the selected one), where its code is compared. */
  home: Network;
}) {
  const address = account.address as Address;
  const safe = account.source.kind === 'safe';
  // Read only through a node that answers for this network's chain (its head checks it).
  const head = useChainHead(network, 'background');
  const here = useQuery({
    ...smartAccountStateQuery(network, address, undefined),
    enabled: head.data?.status === 'ok',
    placeholderData: undefined,
  });
  const athome = useQuery({ ...smartAccountStateQuery(home, address, undefined), enabled: !safe && home !== network });
  const name = untrustedValue(network.name, 'name');
  if (here.isError || head.isError || head.data?.status === 'wrong-chain')
    return (
      <p className={ui.noticeWarning}>
        <T id="receive:absent.unchecked" values={{ network: name }} />
      </p>
    );
  if (here.data === undefined) return null;
  if (safe && here.data.kind === 'plain')
    return (
      <p role="alert" className={ui.noticeDanger}>
        <T id="receive:absent.safe" values={{ network: name }} />
      </p>
    );
  if (!safe && athome.data?.kind === 'upgraded' && here.data.kind === 'plain')
    return (
      <p role="alert" className={ui.noticeWarning}>
        <T id="receive:absent.smartAccount" values={{ network: name, home: untrustedValue(home.name, 'name') }} />
      </p>
    );
  return null;
}
