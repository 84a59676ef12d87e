import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import type { ExecutionCall } from '@/core/smartAccount/execution';
import {
  checkPasskeyNetwork,
  type PasskeyBatchRequest,
  preparePasskeyBatch,
} from '@/core/smartAccount/passkey/passkeyAccountSend';
import { preparePasskeyPlacement } from '@/core/smartAccount/passkey/passkeyPlacement';
import type { PasskeyPublicKey } from '@/core/smartAccount/passkey/passkeyPublicKey';
import { readPasskeys, registersPasskey } from '@/core/smartAccount/passkey/passkeySigners';
import { chainKeys } from './chainQueries';

export const passkeyAccountKeys = {
  all: (network: Network) => [...chainKeys.network(network), 'passkey-account'] as const,
  network: (network: Network) => [...passkeyAccountKeys.all(network), 'network'] as const,
  passkeys: (network: Network, account: Address) =>
    [...passkeyAccountKeys.all(network), 'passkeys', account.toLowerCase()] as const,
  registers: (network: Network, account: Address, publicKey: PasskeyPublicKey) =>
    [...passkeyAccountKeys.passkeys(network, account), 'registers', publicKey.x.toLowerCase()] as const,
  batch: (network: Network, account: Address, payer: Address, calls: readonly ExecutionCall[]) =>
    [
      ...passkeyAccountKeys.all(network),
      'batch',
      account.toLowerCase(),
      payer.toLowerCase(),
      calls.map((c) => `${c.to.toLowerCase()}:${c.value}:${c.data}`).join(' '),
    ] as const,
};

/**
 * Whether the network can hold a passkey account, and whether P256VERIFY answers there
 * (checkPasskeyNetwork). Asked again each time a screen needs it: the delegate's code is checked
 * before every upgrade and batch.
 */
export function passkeyNetworkQuery(network: Network) {
  return queryOptions({
    queryKey: passkeyAccountKeys.network(network),
    queryFn: () => checkPasskeyNetwork(network),
    staleTime: 0,
    retry: false,
  });
}

/** The passkeys the account holds on chain (readPasskeys). */
export function accountPasskeysQuery(network: Network, account: Address) {
  return queryOptions({
    queryKey: passkeyAccountKeys.passkeys(network, account),
    queryFn: () => readPasskeys(chainClient(network), account),
    staleTime: 0,
  });
}

/**
 * Whether the account runs the delegate and lists `publicKey` now (registersPasskey): asked once
 * the transaction registering it is mined, before the vault lists it. Never from the cache.
 */
export function passkeyRegisteredQuery(network: Network, account: Address, publicKey: PasskeyPublicKey) {
  return queryOptions({
    queryKey: passkeyAccountKeys.registers(network, account, publicKey),
    queryFn: () => registersPasskey(chainClient(network), account, publicKey),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * A passkey batch prepared for review (preparePasskeyBatch): its nonce, digest and the payer's
 * fee. Not asked again on its own: the review asks again when the account's nonce moves.
 */
export function passkeyBatchQuery(args: Omit<PasskeyBatchRequest, 'known'>) {
  return queryOptions({
    queryKey: passkeyAccountKeys.batch(args.network, args.account, args.payer, args.calls),
    queryFn: () => preparePasskeyBatch(args),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/**
 * The transactions that would place the passkey contracts missing on `network`, paid by `payer`
 * (preparePasskeyPlacement), for review. Prepared anew each time the step opens.
 */
export function passkeyPlacementQuery(network: Network, payer: Address) {
  return queryOptions({
    queryKey: [...passkeyAccountKeys.all(network), 'placement', payer.toLowerCase()] as const,
    queryFn: () => preparePasskeyPlacement(network, payer),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
