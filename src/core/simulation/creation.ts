import { type Address, getContractAddress, type Hex, isHex, size } from 'viem';
import { getTransactionCount } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import type { CreationPreview, UnsignedTransaction } from './types';

/** Whether `tx` creates a contract (it names no recipient). */
export function isCreation(tx: Pick<UnsignedTransaction, 'to'>): boolean {
  return tx.to === undefined || tx.to === null;
}

/**
 * The address a creation by `tx.from` lands at: from the sender and the nonce the transaction will
 * use (its own; else, where the signer chooses it, the next one the node expects, pending
 * transactions counted, as a wallet counts them).
 */
export async function createdAddress(client: ChainClient, tx: UnsignedTransaction): Promise<Address> {
  return getContractAddress({ from: tx.from, nonce: BigInt(await nonceToUse(client, tx.from, tx.nonce)) });
}

type RawRequest = (args: { method: string; params: unknown[] }) => Promise<unknown>;

/**
 * The size of the runtime code a creation's init code returns, run as an eth_call without `to`
 * on the node (which answers with that code; 0 for init code that leaves none): undefined when
 * the call fails.
 * Fees and nonce are left out: the node runs the init code alone, as the latest block.
 */
export async function runtimeCodeSize(client: ChainClient, tx: UnsignedTransaction): Promise<number | undefined> {
  const call: Record<string, Hex> = { from: tx.from, data: tx.data ?? '0x' };
  if (tx.value) call.value = `0x${tx.value.toString(16)}`;
  if (tx.gas !== undefined) call.gas = `0x${tx.gas.toString(16)}`;
  try {
    const code = await (client.request as RawRequest)({ method: 'eth_call', params: [call, 'latest'] });
    return typeof code === 'string' && isHex(code) && code.length % 2 === 0 ? size(code) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The nonce a transaction (a batch's first) goes with: `nonce`, the one it is prepared with, else
 * the next the node expects (pending transactions counted, as a wallet that chooses the nonce counts them).
 */
export async function nonceToUse(client: ChainClient, from: Address, nonce: number | undefined): Promise<number> {
  return nonce ?? (await getTransactionCount(client, { address: from, blockTag: 'pending' }));
}

/**
 * Each call's creation preview in a batch (undefined for a call with a `to`): the address of its
 * transaction's nonce (the first plus its place: the calls go with consecutive nonces) and the size
 * of its code (`codeSizes`, by call). `known`: the first nonce is the one it is sent with.
 */
export function batchCreations(
  from: Address,
  txs: readonly Pick<UnsignedTransaction, 'to'>[],
  { first, known }: { first: number | undefined; known: boolean },
  codeSizes: readonly (number | undefined)[],
): (CreationPreview | undefined)[] {
  return txs.map((tx, index) =>
    !isCreation(tx) || first === undefined
      ? undefined
      : {
          address: getContractAddress({ from, nonce: BigInt(first + index) }),
          codeSize: codeSizes[index],
          nonceKnown: known,
        },
  );
}
