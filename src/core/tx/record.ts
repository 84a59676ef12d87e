import type { Address, Hex, SignedAuthorization } from 'viem';
import type { Fees } from '../chain/fees';
import { TxError } from '../errors/tx';
import { type Message, msg } from '../i18n/message';
import type { Asset } from './transfer';
import { ACTIVE_STATUSES, type TxStatus } from './watching';

// Statuses, and which records are still watched, have their own module, free of imports
// (txStore.ts, in the boot script's graph, uses it).
export {
  ACTIVE_STATUSES,
  FINAL_CONFIRMATIONS,
  isActive,
  isMined,
  isWatched,
  type TxStatus,
  watchedOn,
} from './watching';

/**
 * Why a transaction was made: a transfer, a call, a replacement of another one; or, for an
 * EIP-7702 smart account, its upgrade or undoing, an atomic batch it sends itself, or another of
 * the person's accounts paying the gas of its batch.
 */
export type TxKind =
  | 'transfer'
  | 'call'
  | 'speed-up'
  | 'cancel'
  | 'fill-gap'
  | 'account-upgrade'
  | 'account-undo'
  | 'batch'
  | 'pay-gas'
  /** An owner's on-chain confirmation of a Safe transaction (approveHash). */
  | 'safe-approve'
  /** A Safe transaction executed (execTransaction with its owners' confirmations). */
  | 'safe-execute';

/**
 * An EIP-7702 authorization a transaction carried, signed: `authority`'s code is to point at
 * `address` (zero: none). Public once broadcast; kept so a speed-up carries it again.
 */
export type CarriedAuthorization = SignedAuthorization & { authority: Address };

/**
 * A transaction Cairn signed, stored before it is broadcast so that nothing is lost to a crash
 * or a failed broadcast; or one a browser wallet signed and sent, stored as soon as its hash is
 * known. The signed bytes are public once broadcast; there is no secret here.
 */
export type TxRecord = {
  id: string;
  kind: TxKind;
  networkId: string;
  chainId: number;
  from: Address;
  nonce: number;
  /** Undefined for a contract creation (a site's deployment): `data` is its init code. */
  to: Address | undefined;
  value: bigint;
  data: Hex;
  gas: bigint;
  fees: Fees;
  hash: Hex;
  /** The signed bytes; none when a browser wallet signed and sent it (wallets do not hand them back). */
  raw: Hex | undefined;
  /** The browser wallet that signed and sent it, by its name (untrusted text); it chose the nonce. */
  sentBy?: string | undefined;
  /** A wallet chose the nonce and Cairn's node has not shown it yet: `nonce` is only what Cairn expected. */
  nonceUnconfirmed?: true | undefined;
  /**
   * What the browser wallet sent that differs from what the person reviewed (recipient, value,
   * call data, nonce, chain), said once Cairn's node shows the transaction; none when it sent just
   * that. From then on `to`, `value`, `data` and `nonce` are what was sent.
   */
  walletMismatch?: Message | undefined;
  /** The origin of the site that asked for it (a dApp's eth_sendTransaction), if a site did. */
  site?: string | undefined;
  /** The EIP-7702 authorizations it carried (a type-4 transaction), checked once it is mined. */
  authorizations?: CarriedAuthorization[] | undefined;
  /** An atomic batch: how many calls, and whose account runs them (another's when this one pays the gas). */
  batch?: { calls: number; account: Address } | undefined;
  /** What the person asked for, for display: the asset, amount and real recipient of a transfer. */
  intent: { asset: Asset; amount: bigint; recipient: Address } | undefined;
  status: TxStatus;
  createdAt: number;
  updatedAt: number;
  /**
   * Counts the writes of this record. Several windows track the same records: a change is stored
   * only if the record is still at the revision it was read at (see TxStore.putIfUnchanged).
   */
  revision: number;
  /** The record this one replaces (speed up, cancel), and the one that replaced it. */
  replaces: string | undefined;
  replacedBy: string | undefined;
  blockNumber: bigint | undefined;
  confirmations: number;
  /**
   * Why a mined transaction failed (its decoded revert reason, or Cairn's reading), as a Message.
   * A string only in records stored before Cairn spoke other languages, which held English words:
   * they are still read (and shown as they are), so the type keeps `string`. Stored JSON-safe and
   * checked when read (see txStore.ts and core/i18n/storedMessage.ts).
   */
  failureReason: Message | string | undefined;
  /** Why the last broadcast failed, while Cairn keeps retrying: a Message (a string only in old records, as failureReason). */
  broadcastError: Message | string | undefined;
  lastBroadcastAt: number | undefined;
};

/**
 * Whether a transaction in this state makes its recipient one the person "sent to" (known, see
 * knownRecipients and historyCounterparties): mined and confirmed, or still on its way (signed,
 * pending: the person chose that recipient, and a second payment to it while the first waits is
 * no first payment). Never one that sent nothing: failed (reverted), replaced (a cancel, or a
 * speed-up, whose own record then counts), dropped or refused.
 */
export function countsAsSentTo(status: TxStatus): boolean {
  return status === 'confirmed' || ACTIVE_STATUSES.includes(status);
}

/** Signed and sent by a browser wallet: Cairn has no bytes to send again, and the wallet chose the nonce. */
export function isWalletSent(record: Pick<TxRecord, 'sentBy'>): boolean {
  return record.sentBy !== undefined;
}

/**
 * The record of a transaction the node took (or may still take: a broadcast that failed for the
 * moment is retried). Throws TX_REFUSED with the node's words when it refused it for good: a site
 * must not be handed the hash of a transaction that will never be mined.
 */
export function acceptedOrThrow(record: TxRecord): TxRecord {
  if (record.status !== 'rejected') return record;
  throw new TxError(
    'TX_REFUSED',
    msg('core.chain:tx.refused', { reason: record.broadcastError ?? msg('core.chain:tx.refused.noReason') }),
  );
}
