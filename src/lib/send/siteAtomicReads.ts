import type { Address } from 'viem';
import type { Account } from '@/core/accounts/account';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import type { AtomicReads } from '@/core/dapp/atomicGrant';
import { sameAddress } from '@/core/keys/sameAddress';
import { readSmartAccountState } from '@/core/smartAccount/accountState';
import { sharedQueryClient } from '../queries/queryClient';
import { eip7702SupportQuery } from '../queries/smartAccountQueries';

/**
 * What Cairn's window for a site reads to tell its accounts' atomic capability (the grant's
 * `atomic`, core/dapp/atomicGrant.ts): each account's state, read anew each time (an upgrade or
 * undo shows at once), and the chain's EIP-7702 support, asked once per window and network (the
 * approval screens share it). `networkFor`: the site's network on a chain.
 */
export function siteAtomicReads(input: {
  networkFor(chainId: number): Network | undefined;
  accounts(): readonly Account[];
}): AtomicReads {
  return {
    state: async (chainId, account: Address) => {
      const network = input.networkFor(chainId);
      return network && readSmartAccountState(chainClient(network), account);
    },
    runs7702: async (chainId) => {
      const network = input.networkFor(chainId);
      return network ? sharedQueryClient().fetchQuery(eip7702SupportQuery(network)) : false;
    },
    signer: (account) => input.accounts().find((known) => sameAddress(known.address, account))?.source.kind,
  };
}
