import { useQuery } from '@tanstack/react-query';
import { type Address, zeroAddress } from 'viem';
import type { Network } from '@/core/chain/networks';
import { eip7702SupportQuery, smartAccountStateQuery } from './queries/smartAccountQueries';
import { useChainHead } from './queries/useChainHead';

/**
 * An account's smart-account state on `network`, and whether the network runs EIP-7702 with
 * Cairn's delegate (asked once). `follow`: read again at each new block (the screen that upgrades
 * or undoes); otherwise at most every half minute, so a list of accounts costs no call per block.
 * No address: nothing read.
 */
export function useSmartAccount(network: Network, address: Address | undefined, follow = true) {
  const head = useChainHead(network);
  const block = follow && head.data?.status === 'ok' ? head.data.block.number : undefined;
  const state = useQuery({
    ...smartAccountStateQuery(network, address ?? zeroAddress, block),
    enabled: address !== undefined,
  });
  const support = useQuery(eip7702SupportQuery(network));
  return { state, support };
}
