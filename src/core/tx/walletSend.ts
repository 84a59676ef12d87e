import { getAddress, type Hash, TransactionNotFoundError } from 'viem';
import { getTransaction } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import type { SigningAccount } from '../signing/signerAccount';
import type { Fees } from './fees';
import type { TxRecord } from './record';
import type { CallRequest } from './transfer';

/** How often, and how far apart, Cairn's node is asked for a transaction a wallet just sent. */
const SEEN_ATTEMPTS = 6;
const SEEN_DELAY_MS = 500;

type WalletSent = Pick<TxRecord, 'hash' | 'nonce' | 'to' | 'value' | 'data' | 'gas' | 'fees'>;

/** The transaction with `hash` as the node holds it, once it does (the wallet sent it through its own node). */
async function seenByNode(client: ChainClient, hash: Hash, delayMs: number) {
  for (let attempt = 0; attempt < SEEN_ATTEMPTS; attempt++) {
    try {
      return await getTransaction(client, { hash });
    } catch (error) {
      if (!(error instanceof TransactionNotFoundError)) return undefined;
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  return undefined;
}

/**
 * Hands the call to the browser wallet, which signs, chooses the nonce and sends it, then reads
 * what was sent from Cairn's own node: its nonce, gas and fees (the wallet may have changed them)
 * are the node's. A node that has not seen it within a few seconds leaves the nonce Cairn
 * expected; tracking corrects it when the node sees the transaction (see TransactionTracker).
 */
export async function sendThroughWallet(
  client: ChainClient,
  wallet: NonNullable<SigningAccount['wallet']>,
  request: { chainId: number; call: CallRequest; gas: bigint; fees: Fees },
  expectedNonce: number,
  delayMs = SEEN_DELAY_MS,
): Promise<WalletSent> {
  const { call, gas, fees } = request;
  const hash = await wallet.send({ chainId: request.chainId, ...call, gas, fees });
  const seen = await seenByNode(client, hash, delayMs);
  if (!seen) return { hash, nonce: expectedNonce, ...call, gas, fees };
  const seenFees: Fees =
    seen.maxFeePerGas !== undefined && seen.maxPriorityFeePerGas !== undefined
      ? { kind: 'eip1559', maxFeePerGas: seen.maxFeePerGas, maxPriorityFeePerGas: seen.maxPriorityFeePerGas }
      : seen.gasPrice !== undefined
        ? { kind: 'legacy', gasPrice: seen.gasPrice }
        : fees;
  return {
    hash,
    nonce: seen.nonce,
    to: seen.to ? getAddress(seen.to) : call.to,
    value: seen.value,
    data: seen.input,
    gas: seen.gas,
    fees: seenFees,
  };
}
