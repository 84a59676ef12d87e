import { queryOptions } from '@tanstack/react-query';
import type { Address, Hex } from 'viem';
import { readAddressDetails } from '@/core/activity/addressDetails';
import { readTransactionDetails } from '@/core/activity/txDetails';
import { readContractLabels } from '@/core/assets/tokenMetadata';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { readCode } from '@/core/contracts/code';
import { chainKeys } from './chainQueries';

export const explorerKeys = {
  transaction: (network: Network, hash: string) =>
    [...chainKeys.network(network), 'tx-details', hash.toLowerCase()] as const,
  address: (network: Network, address: Address) =>
    [...chainKeys.network(network), 'address-details', address.toLowerCase()] as const,
  code: (network: Network, address: Address) => [...chainKeys.network(network), 'code', address.toLowerCase()] as const,
  labels: (network: Network, contracts: readonly string[]) =>
    [...chainKeys.network(network), 'contract-labels', ...contracts] as const,
};

/** One transaction in full (any hash); read again each block until it has a receipt. */
export function transactionDetailsQuery(network: Network, hash: string, enabled: boolean) {
  return queryOptions({
    queryKey: explorerKeys.transaction(network, hash),
    queryFn: () => readTransactionDetails(chainClient(network), hash as Hex, network.name),
    enabled,
    retry: false,
    refetchInterval: (query) => (query.state.data && !query.state.data.receipt ? network.blockTimeMs : false),
  });
}

export function addressDetailsQuery(network: Network, address: Address) {
  return queryOptions({
    queryKey: explorerKeys.address(network, address),
    queryFn: () => readAddressDetails(chainClient(network), address),
    retry: false,
  });
}

/** The code at an address ('0x' or undefined: nothing deployed). */
export function codeQuery(network: Network, address: Address) {
  return queryOptions({
    queryKey: explorerKeys.code(network, address),
    queryFn: () => readCode(chainClient(network), address),
    retry: false,
  });
}

/** Names, symbols and decimals of contracts Cairn does not list, read once in one batch. */
export function contractLabelsQuery(network: Network, contracts: readonly string[]) {
  return queryOptions({
    queryKey: explorerKeys.labels(network, contracts),
    queryFn: () => readContractLabels(chainClient(network), contracts as Address[]),
    enabled: contracts.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
