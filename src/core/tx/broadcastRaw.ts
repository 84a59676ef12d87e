import { type Client, type Hex, keccak256 } from 'viem';
import { getTransaction, sendRawTransaction } from 'viem/actions';
import { sameHex } from '../bytes';
import { chainClient, nodeChainIdNow } from '../chain/client';
import type { Network } from '../chain/networks';
import { nodeErrorOf } from '../chain/nodeErrors';
import { toChainError } from '../chain/toChainError';
import { ChainError, WrongChainError } from '../errors/chain';
import { msg } from '../i18n/message';
import { sendingGate } from '../verify/sendingGate';

/**
 * What became of signed bytes sent to a node. `hash` is always the bytes' own hash.
 * - sent: the node took them; already-known: it had them (sending the same bytes twice is harmless).
 * - refused: the node refused them for good (a NODE_ERRORS row marked permanent): sending them
 *   again cannot help, and their nonce is free again.
 * - failed: anything else (the node unreachable, rate limiting, a fee the network may come back
 *   down to, a nonce used by another transaction…): the same bytes may go through later.
 */
export type BroadcastOutcome =
  | { kind: 'sent'; hash: Hex }
  | { kind: 'already-known'; hash: Hex }
  | { kind: 'refused'; hash: Hex; error: ChainError }
  | { kind: 'failed'; hash: Hex; error: ChainError };

/**
 * Sends signed bytes with eth_sendRawTransaction and says what the node made of them; the one
 * broadcast of the send service and of the Broadcast tool. "Nonce too low" counts as already
 * known when the node holds this very transaction. A node that answers with the hash of other
 * bytes is not followed. `rpcUrl` names the node in errors.
 *
 * Never throws: a failure is an outcome whose error is a ChainError from toChainError.
 */
export async function broadcastRaw(client: Client, raw: Hex, rpcUrl?: string): Promise<BroadcastOutcome> {
  const hash = keccak256(raw);
  let answered: Hex;
  try {
    answered = await sendRawTransaction(client, { serializedTransaction: raw });
  } catch (error) {
    const answer = nodeErrorOf(error);
    if (answer?.code === 'CHAIN_ALREADY_KNOWN') return { kind: 'already-known', hash };
    if (answer?.code === 'CHAIN_NONCE_TOO_LOW' && (await holds(client, hash))) return { kind: 'already-known', hash };
    return { kind: answer?.permanent ? 'refused' : 'failed', hash, error: toChainError(error, rpcUrl) };
  }
  if (!sameHex(answered, hash)) {
    const error = new ChainError('CHAIN_MALFORMED_RESPONSE', msg('core.chain:node.hashMismatch'), {
      rpcUrl,
      details: `expected ${hash}, node said ${answered}`,
    });
    return { kind: 'failed', hash, error };
  }
  return { kind: 'sent', hash };
}

/**
 * Sends bytes signed elsewhere (the Broadcast tool) to a network's node, after asking the one
 * gate (core/verify/sendingGate.ts) and checking that the node serves that
 * network's chain: a node answering for another chain gets nothing (a failed outcome with
 * WrongChainError). Throws VERIFY_SENDING_HELD while sending on the network is held, before
 * anything reaches the node; otherwise never throws, as broadcastRaw.
 */
export async function broadcastToNetwork(network: Network, raw: Hex): Promise<BroadcastOutcome> {
  sendingGate(network);
  const client = chainClient(network);
  const rpcUrl = network.rpcUrls.length === 1 ? network.rpcUrls[0] : undefined;
  const hash = keccak256(raw);
  let actual: number;
  try {
    actual = await nodeChainIdNow(client);
  } catch (error) {
    return { kind: 'failed', hash, error: toChainError(error, rpcUrl) };
  }
  if (actual !== network.chainId) {
    const error = new WrongChainError({ expectedChainId: network.chainId, actualChainId: actual, rpcUrl });
    return { kind: 'failed', hash, error };
  }
  return broadcastRaw(client, raw, rpcUrl);
}

/** Whether the node has the transaction with this hash (pending or mined). */
async function holds(client: Client, hash: Hex): Promise<boolean> {
  try {
    await getTransaction(client, { hash });
    return true;
  } catch {
    return false;
  }
}
