import { type Address, getAddress, type Hash, type Hex, TransactionNotFoundError } from 'viem';
import { getTransaction } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import type { Fees } from '../chain/fees';
import { TxError } from '../errors/tx';
import { WalletError } from '../errors/wallet';
import { sentMismatch } from '../externalWallet/sentMismatch';
import { codeValue, type MessageValue, msg, untrustedValue } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import { isActive, type TxRecord } from './record';

/** How often, and how far apart, Cairn's node is asked for a transaction a wallet just sent. */
const SEEN_ATTEMPTS = 6;
export const SEEN_DELAY_MS = 500;

/** A browser wallet at the start of a sentence: its name (untrusted text), or "The browser wallet" when it has none. */
function walletValue(name: string): MessageValue {
  return name === '' ? msg('core.chain:tx.wallet.browserWallet') : untrustedValue(name, 'name');
}

/** The wallet sent it, with this hash, but its record could not be stored: said so, never "nothing was sent". */
export function sentNotSaved(walletName: string, hash: Hash, cause: unknown): TxError {
  return new TxError(
    'TX_SENT_NOT_SAVED',
    msg('core.chain:tx.wallet.sentNotSaved', { wallet: walletValue(walletName), hash: codeValue(hash) }),
    { cause },
  );
}

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

/** A transaction as Cairn's node holds it (viem's getTransaction), the fields the record takes from it. */
export type SeenTransaction = {
  from: Address;
  to: Address | null;
  value: bigint;
  input: Hex;
  nonce: number;
  gas: bigint;
  chainId?: number | undefined;
  maxFeePerGas?: bigint | undefined;
  maxPriorityFeePerGas?: bigint | undefined;
  gasPrice?: bigint | undefined;
  /** A legacy transaction's signature v: 35 + 2 × chain id under EIP-155, 27 or 28 without a chain id. */
  v?: bigint | undefined;
};

/** The chain id a transaction is signed for: its own field, or for a legacy one what its v says (none before EIP-155). */
function chainOf(seen: SeenTransaction): number | undefined {
  if (seen.chainId !== undefined) return seen.chainId;
  return seen.v !== undefined && seen.v >= 35n ? Number((seen.v - 35n) / 2n) : undefined;
}

/**
 * The record of a transaction a browser wallet sent, amended from what Cairn's node holds: the
 * nonce, gas and fee the wallet chose, and the call it sent (the reviewed intent is kept only if
 * the call is the one reviewed). What it sent other than what was reviewed (recipient, value,
 * call data, a nonce already used, no chain id) is said in `walletMismatch` (see sentMismatch).
 * `native`: the network's coin, to say a value in; `others`: the account's records on this
 * network, whose waiting transactions' nonces the sent one must not take. Throws WALLET_ANSWER
 * when the hash is of a transaction from another account or network.
 */
export function asSentByWallet(
  record: TxRecord,
  seen: SeenTransaction,
  native: { decimals: number; symbol: string },
  others: readonly TxRecord[] = [],
): TxRecord {
  const chainId = chainOf(seen);
  if (!sameAddress(seen.from, record.from) || (chainId !== undefined && chainId !== record.chainId))
    throw new WalletError(
      'WALLET_ANSWER',
      msg('core.chain:tx.wallet.otherAccount', {
        wallet: walletValue(record.sentBy ?? ''),
        from: codeValue(seen.from),
        chainId: String(chainId),
      }),
    );
  const fees: Fees =
    seen.maxFeePerGas !== undefined && seen.maxPriorityFeePerGas !== undefined
      ? { kind: 'eip1559', maxFeePerGas: seen.maxFeePerGas, maxPriorityFeePerGas: seen.maxPriorityFeePerGas }
      : seen.gasPrice !== undefined
        ? { kind: 'legacy', gasPrice: seen.gasPrice }
        : record.fees;
  // Nonces of the account's other transactions still waiting, as far as Cairn knows them.
  const takenNonces = others
    .filter((o) => o.id !== record.id && isActive(o) && !o.nonceUnconfirmed && sameAddress(o.from, record.from))
    .map((o) => o.nonce);
  const mismatch = sentMismatch(
    record.sentBy ?? '',
    { to: record.to ?? null, value: record.value, data: record.data, nonce: record.nonce, chainId: record.chainId },
    { to: seen.to, value: seen.value, data: seen.input, nonce: seen.nonce, chainId },
    native,
    takenNonces,
  );
  const sameCall = !mismatch.fields.some((field) => field === 'to' || field === 'value' || field === 'data');
  return {
    ...record,
    nonce: seen.nonce,
    nonceUnconfirmed: undefined,
    to: seen.to ? getAddress(seen.to) : record.to,
    value: seen.value,
    data: seen.input,
    gas: seen.gas,
    fees,
    intent: sameCall ? record.intent : undefined,
    walletMismatch: mismatch.notice,
  };
}

/**
 * The stored record of a transaction a browser wallet sent, amended from Cairn's own node (see
 * asSentByWallet). Undefined when the node has not seen it within a few seconds: the record keeps
 * the nonce Cairn expected, marked unconfirmed, until tracking sees it. `others` reads the
 * account's records on the network once the node has it. Throws WALLET_ANSWER when the hash is of
 * a transaction from another account or network.
 */
export async function walletSentAsSeen(
  client: ChainClient,
  record: TxRecord,
  native: { decimals: number; symbol: string },
  others: () => Promise<readonly TxRecord[]>,
  delayMs = SEEN_DELAY_MS,
): Promise<TxRecord | undefined> {
  const seen = await seenByNode(client, record.hash, delayMs);
  return seen ? asSentByWallet(record, seen, native, await others()) : undefined;
}
