import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Address } from 'viem';
import type { Network } from '@/core/chain/networks';
import { permitTokensToCheck, withBalanceCheck } from '@/core/signing/permitBalance';
import type { SignatureConsequences } from '@/core/signing/permitTypes';
import { useKnownAddressSet } from '../names/knownAddresses';
import { tokenBalancesQuery } from '../queries/balanceQueries';
import { useSelectedNetwork } from '../stores/session';

const NONE: Address[] = [];
const NO_BALANCES: ReadonlyMap<string, bigint> = new Map();

/**
 * What a signature hands over, checked against the signing account's balance of each token a
 * permit names (see withBalanceCheck): one read, naming that account only, on `network`, and only
 * when the typed data is for it (`domainChainId`; another chain's balances would mean nothing).
 * `checking`: that read is under way, and signing should wait for it. A read that failed leaves
 * every balance unread, which withBalanceCheck warns of: it never lets signing through unchecked.
 */
export function usePermitBalanceCheck(
  network: Network | undefined,
  signer: Address | undefined,
  consequences: SignatureConsequences | undefined,
  domainChainId: bigint | undefined,
): { consequences: SignatureConsequences | undefined; checking: boolean } {
  const selected = useSelectedNetwork();
  const sameChain = network !== undefined && (domainChainId === undefined || domainChainId === BigInt(network.chainId));
  const permit = consequences?.kind === 'permit' && sameChain ? consequences : undefined;
  const tokens = useMemo(() => (permit ? permitTokensToCheck(permit) : NONE), [permit]);
  // Without a network there is nothing to read (permit is undefined): the selected one stands in for the hooks.
  const on = network ?? selected;
  const read = useQuery(tokenBalancesQuery(on, signer, tokens));
  const dealtWith = useKnownAddressSet(on, signer);
  const failed = read.isError;
  const checked = useMemo(() => {
    if (!permit || !(read.data || failed)) return consequences;
    return withBalanceCheck(permit, { balances: read.data ?? NO_BALANCES, dealtWith });
  }, [permit, consequences, read.data, failed, dealtWith]);
  return { consequences: checked, checking: tokens.length > 0 && signer !== undefined && read.isPending };
}
