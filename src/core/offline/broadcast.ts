import { type Client, type Hex, keccak256 } from 'viem';
import { getTransaction, sendRawTransaction } from 'viem/actions';
import { toChainError } from '../chain/toChainError';
import { toSafeDetails } from '../errors/base';
import { ChainError } from '../errors/chain';

export type BroadcastResult = { hash: Hex; alreadyKnown: boolean };

/** The node's own words: the innermost `details` viem kept from the JSON-RPC answer. */
function nodeMessage(error: unknown): string {
  let found = '';
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 10; depth++) {
    const details = (current as { details?: unknown }).details;
    if (typeof details === 'string' && details.trim() !== '') found = details;
    current = current.cause;
  }
  return found;
}

function words(error: unknown): string {
  let text = '';
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 10; depth++) {
    text += ` ${current.message} ${(current as { details?: string }).details ?? ''}`;
    current = current.cause;
  }
  return text;
}

/**
 * Node refusals of a raw transaction, in the wording of geth, Nethermind, Erigon, Besu and Hardhat,
 * with a sentence for each. viem only maps these for transactions it signs itself.
 */
const REFUSALS: { pattern: RegExp; code: ChainError['code']; sentence: string }[] = [
  {
    pattern: /nonce too low|nonce is too low|OldNonce|Nonce too low/i,
    code: 'CHAIN_NONCE_TOO_LOW',
    sentence:
      'The account has already used this nonce: this transaction, or another with the same nonce, was sent before.',
  },
  {
    pattern: /nonce too high|NonceTooHigh|nonce gap/i,
    code: 'CHAIN_RPC_ERROR',
    sentence:
      'The node will not take this transaction yet: its nonce is above the account’s next nonce, so a transaction before it is missing.',
  },
  {
    pattern: /insufficient funds|enough funds|InsufficientFunds|exceeds .*balance/i,
    code: 'CHAIN_INSUFFICIENT_FUNDS',
    sentence: 'The sending account does not have enough funds for the amount plus the maximum network fee.',
  },
  {
    pattern: /intrinsic gas too low|gas limit .* below|IntrinsicGas/i,
    code: 'CHAIN_RPC_ERROR',
    sentence: 'The node refused the transaction: its gas limit is too low for it to start.',
  },
  {
    pattern:
      /fee cap less than block base fee|max fee per gas less than block base fee|FeeTooLow|underpriced|too low to compete/i,
    code: 'CHAIN_RPC_ERROR',
    sentence: 'The node refused the transaction: its fee is below what the network currently requires.',
  },
  {
    pattern:
      /invalid chain ?id|chain ?id mismatch|incompatible EIP-?155|signed for another chain|only replay-protected|InvalidChainId/i,
    code: 'CHAIN_RPC_ERROR',
    sentence:
      'The node refused the transaction for its chain id: it was signed for another network, or without replay protection the node does not accept.',
  },
  {
    pattern: /transaction type not supported|tx type not supported|TYPE_NOT_SUPPORTED/i,
    code: 'CHAIN_RPC_ERROR',
    sentence: 'The node does not accept this type of transaction.',
  },
  {
    pattern: /exceeds block gas limit|gas limit reached|exceeds the configured cap|fee cap .*exceeds/i,
    code: 'CHAIN_RPC_ERROR',
    sentence: 'The node refused the transaction: its gas limit or fee is above what it accepts.',
  },
];

const ALREADY_KNOWN = /already known|known transaction|already imported|AlreadyKnown|already exists/i;

/**
 * Sends signed bytes with eth_sendRawTransaction. A node that already has them counts as success
 * (`alreadyKnown`), as does "nonce too low" when the node has this very transaction: sending the
 * same bytes twice is harmless. `rpcUrl` names the node in errors.
 *
 * Throws ChainError: CHAIN_NONCE_TOO_LOW, CHAIN_INSUFFICIENT_FUNDS, CHAIN_REPLACEMENT_UNDERPRICED,
 * CHAIN_RPC_ERROR (with the node's reason), or a transport failure from toChainError
 * (CHAIN_UNREACHABLE, CHAIN_TIMEOUT, CHAIN_RATE_LIMITED…).
 */
export async function broadcastRaw(client: Client, raw: Hex, rpcUrl?: string): Promise<BroadcastResult> {
  const hash = keccak256(raw);
  let sent: Hex;
  try {
    sent = await sendRawTransaction(client, { serializedTransaction: raw });
  } catch (error) {
    const text = words(error);
    if (ALREADY_KNOWN.test(text)) return { hash, alreadyKnown: true };
    const mapped = toChainError(error, rpcUrl);
    if (
      mapped.code !== 'CHAIN_RPC_ERROR' &&
      mapped.code !== 'CHAIN_NONCE_TOO_LOW' &&
      mapped.code !== 'CHAIN_MALFORMED_RESPONSE'
    ) {
      throw mapped;
    }
    const refusal = REFUSALS.find(({ pattern }) => pattern.test(text));
    if (refusal?.code === 'CHAIN_NONCE_TOO_LOW' && (await isKnown(client, hash))) return { hash, alreadyKnown: true };
    if (refusal) {
      throw new ChainError(refusal.code, refusal.sentence, {
        rpcUrl: mapped.rpcUrl,
        details: toSafeDetails(nodeMessage(error) || error),
        cause: error,
      });
    }
    throw mapped;
  }
  // The hash is the bytes' own: a node answering with another one is not followed.
  if (sent.toLowerCase() !== hash.toLowerCase()) {
    throw new ChainError(
      'CHAIN_MALFORMED_RESPONSE',
      'The node answered with the hash of another transaction. Cairn does not trust this node’s answer: check the transaction on another node or explorer.',
      { rpcUrl, details: `expected ${hash}, node said ${sent}` },
    );
  }
  return { hash, alreadyKnown: false };
}

async function isKnown(client: Client, hash: Hex): Promise<boolean> {
  try {
    await getTransaction(client, { hash });
    return true;
  } catch {
    return false;
  }
}
