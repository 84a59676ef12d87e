import type { Address } from 'viem';
import type { Message } from '../i18n/message';

// What a signature hands over, as Cairn describes it before signing: the shared vocabulary of
// permits (permits.ts) and Seaport orders (seaportOrder.ts).

/** Longer than this from now is "long-lived": a permission that outlasts the task it was given for. */
export const LONG_LIVED_SECONDS = 30n * 24n * 60n * 60n;

/** The last second a JavaScript Date can show (8.64e15 ms); later times are, in effect, never. */
const LAST_DATE_SECONDS = 8_640_000_000_000n;

/**
 * When a permission or a signature stops working: at a unix time (seconds), never, or at the end
 * of the block in which it is used (Permit2's expiration 0).
 */
export type Until = { kind: 'time'; at: bigint } | { kind: 'never' } | { kind: 'block' };

export function untilTime(seconds: bigint): Until {
  return seconds >= LAST_DATE_SECONDS ? { kind: 'never' } : { kind: 'time', at: seconds };
}

/** Whether `until` lies more than LONG_LIVED_SECONDS after `now`, or never comes. */
export function isLongLived(until: Until, now: bigint): boolean {
  if (until.kind === 'never') return true;
  if (until.kind === 'block') return false;
  return until.at > now + LONG_LIVED_SECONDS;
}

/**
 * One permission a signature gives:
 * - allowance: `spender` may take up to `amount` of `token` from `owner`, as often as it likes, until `until`;
 * - transfer: `spender` may take up to `amount` once (Permit2 signature transfers), before `until`;
 * - revoke: the signature sets the spender's allowance to zero (DAI permit with allowed = false).
 */
export type Grant = {
  kind: 'allowance' | 'transfer' | 'revoke';
  token: Address;
  /** Base units. */
  amount: bigint;
  unlimited: boolean;
  spender: Address;
  /** Whose tokens; undefined when it is whoever signs (Permit2 names no owner). */
  owner: Address | undefined;
  /** When the permission ends. */
  until: Until;
  /** Until when the signature itself can be submitted. */
  signatureUntil: Until;
  longLived: boolean;
};

export type WarningCode = 'unlimited' | 'longLived' | 'notPermit2' | 'nothingBack' | 'aboveBalance' | 'balanceUnread';

/** A reason to read twice; serious ones are announced at once (role="alert"). */
export type SignatureWarning = { code: WarningCode; serious: boolean; text: Message };

export type PermitStandard = 'EIP-2612 permit' | 'DAI permit' | 'Permit2 allowance' | 'Permit2 transfer';

export type PermitDescription = {
  kind: 'permit';
  standard: PermitStandard;
  /** The contract that checks the signature (for EIP-2612 and DAI, the token itself). */
  contract: Address | undefined;
  grants: Grant[];
  /** Permit2's witness variants: the extra struct signed along with the transfer. */
  witness?: { field: string; type: string };
  warnings: SignatureWarning[];
  /**
   * An unlimited, long-lived permission, or (once checked against the balance, see
   * withBalanceCheck) one far above it: signing waits for an explicit "I understand".
   */
  needsAcknowledgement: boolean;
};

export type SeaportItemKind =
  | 'native'
  | 'ERC-20'
  | 'ERC-721'
  | 'ERC-1155'
  | 'ERC-721 with criteria'
  | 'ERC-1155 with criteria'
  | 'unknown';

export type SeaportItem = {
  kind: SeaportItemKind;
  itemType: number;
  token: Address;
  /** The token id, or for "with criteria" items a Merkle root of allowed ids (0: any id). */
  identifierOrCriteria: bigint;
  /** Base units at the start and end of the order (they differ in auctions). */
  startAmount: bigint;
  endAmount: bigint;
  recipient?: Address;
};

export type SeaportDescription = {
  kind: 'seaport';
  contract: Address | undefined;
  offerer: Address;
  zone: Address;
  orderType: number;
  /** What the signer gives whoever fills the order. */
  offer: SeaportItem[];
  /** What the signer receives. */
  toOfferer: SeaportItem[];
  /** What goes to others (fees, royalties, or anyone else). */
  toOthers: SeaportItem[];
  start: bigint;
  end: Until;
  longLived: boolean;
  warnings: SignatureWarning[];
  needsAcknowledgement: boolean;
};

export type SignatureConsequences = PermitDescription | SeaportDescription;
