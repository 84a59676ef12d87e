import { type Address, getAddress } from 'viem';
import { isFarAboveBalance } from '../assets/unlimited';
import type { Message } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import type { ApprovalChange, AssetChange, SimulationResult } from './types';

/** What the form the person filled in says the transaction does, to compare with the preview. */
export type FormIntent = {
  asset:
    | { kind: 'native' }
    | { kind: 'erc20'; token: Address }
    | { kind: 'erc721'; token: Address; tokenId: bigint }
    | { kind: 'erc1155'; token: Address; tokenId: bigint };
  amount: bigint;
  from: Address;
  recipient: Address;
};

/** What Cairn read about the addresses a preview involves (see `factsNeeded`). */
export type EffectFacts = {
  /** Lower-case address → whether code is deployed there. */
  code: ReadonlyMap<string, boolean>;
  /** `receiverKey(token, to, tokenId)` → whether a contract recipient answers onERC721Received. */
  receivers: ReadonlyMap<string, boolean>;
  /** `balanceKey(token, owner)` → the owner's balance of a token it allows a spender (unread: absent). */
  balances?: ReadonlyMap<string, bigint> | undefined;
};

/** Something in the preview the person must know before signing. */
export type EffectWarning =
  /** `call`: in a batch, which call fails (0-based) of how many; none after it would be sent. */
  | {
      kind: 'reverts';
      reason: Message;
      call?: { index: number; count: number; atomic?: boolean | undefined } | undefined;
    }
  /** An operator may move every NFT of the collection the owner has, now and later. */
  | { kind: 'operator-for-all'; token: Address; owner: Address; operator: Address }
  | { kind: 'unlimited-to-codeless'; token: Address; owner: Address; spender: Address }
  | { kind: 'unlimited-to-unknown'; token: Address; owner: Address; spender: Address }
  /** An allowance to an address never dealt with, far above what the owner holds (see isFarAboveBalance). */
  | {
      kind: 'allowance-above-balance';
      token: Address;
      owner: Address;
      spender: Address;
      amount: bigint;
      balance: bigint;
    }
  /** An ERC-721 moved to a contract that does not declare it can handle one: it may be stuck there. */
  | { kind: 'cannot-receive'; token: Address; tokenId: bigint; to: Address }
  /** The recipient gets another amount of the form's asset than the form says (fee-on-transfer tokens, rebasing…). */
  | { kind: 'differs-from-form'; recipient: Address; expected: bigint; actual: bigint }
  /**
   * The preview shows the person's accounts receiving something, made in a way a contract can
   * tell from the mined transaction (the simulator's code at the sender): it could send here and
   * keep there.
   */
  | { kind: 'receipt-unverifiable' };

/** The asset changes of one of the person's accounts. */
export type AccountEffects = { address: Address; changes: AssetChange[] };

/** The preview arranged for a review: the person's accounts first, then what else moves, then warnings. */
export type TransactionEffects = {
  accounts: AccountEffects[];
  /** Approvals set by the person's accounts (the only ones a signature of theirs can set). */
  approvals: ApprovalChange[];
  /** The called contract and every contract that emitted a log, in order of appearance. */
  contracts: Address[];
  warnings: EffectWarning[];
};

const lower = (a: string) => a.toLowerCase();

/** The key of `EffectFacts.receivers`: one answer per NFT, as a receiver may accept some ids and not others. */
export function receiverKey(token: Address, to: Address, tokenId: bigint): string {
  return `${lower(token)}:${lower(to)}:${tokenId}`;
}

/** The key of `EffectFacts.balances`: one owner's balance of one token. */
export function balanceKey(token: Address, owner: Address): string {
  return `${lower(token)}:${lower(owner)}`;
}

/** An ERC-721 changing hands between two addresses. */
type NftMove = { token: Address; tokenId: bigint; from: Address; to: Address };

/**
 * Every ERC-721 that changes hands, paired from the changes (so from any strategy, logs or not):
 * sent by one address and received by another. One that reaches no holder was burnt.
 */
function erc721Moves(result: SimulationResult): NftMove[] {
  const holders = result.changes.filter((c) => c.kind === 'erc721');
  const moves: NftMove[] = [];
  for (const sender of holders) {
    for (const tokenId of sender.sent) {
      const receiver = holders.find(
        (r) => r !== sender && sameAddress(r.token, sender.token) && r.received.includes(tokenId),
      );
      if (receiver) moves.push({ token: sender.token, tokenId, from: sender.address, to: receiver.address });
    }
  }
  return moves;
}

/**
 * The chain facts `describeEffects` needs: whether spenders of unlimited approvals and recipients
 * of ERC-721s moved out of the person's accounts have code, and for recipients that do, whether
 * they accept ERC-721s (read with onERC721Received); and for a limited allowance to another
 * address, the granting account's balance of that token (only that account's: never the others').
 */
export function factsNeeded(
  result: SimulationResult,
  own: readonly Address[],
): {
  code: Address[];
  receivers: { token: Address; to: Address; from: Address; tokenId: bigint }[];
  balances: { token: Address; owner: Address }[];
} {
  const mine = new Set(own.map(lower));
  const code = new Map<string, Address>();
  const balances = new Map<string, { token: Address; owner: Address }>();
  for (const approval of ownApprovals(result, mine)) {
    const grantee = granteeOf(approval);
    if (!grantee || mine.has(lower(grantee))) continue;
    if (isUnlimitedGrant(approval)) code.set(lower(grantee), grantee);
    else if (approval.kind === 'erc20' || approval.kind === 'permit2')
      balances.set(balanceKey(approval.token, approval.owner), { token: approval.token, owner: approval.owner });
  }
  const receivers = erc721Moves(result).filter((m) => mine.has(lower(m.from)) && !mine.has(lower(m.to)));
  for (const move of receivers) code.set(lower(move.to), move.to);
  return { code: [...code.values()], receivers, balances: [...balances.values()] };
}

function ownApprovals(result: SimulationResult, mine: ReadonlySet<string>): ApprovalChange[] {
  return result.approvals.filter((a) => mine.has(lower(a.owner)));
}

/** Who an approval lets move the owner's assets, or undefined when it revokes. */
function granteeOf(approval: ApprovalChange): Address | undefined {
  switch (approval.kind) {
    case 'erc20':
    case 'permit2':
      return approval.amount === 0n ? undefined : approval.spender;
    case 'erc721':
      return approval.revoked ? undefined : approval.approved;
    case 'operator':
      return approval.approved ? approval.operator : undefined;
  }
}

/** Grants without a bound: unlimited allowances and operators for a whole collection. */
function isUnlimitedGrant(approval: ApprovalChange): boolean {
  if (approval.kind === 'operator') return approval.approved;
  if (approval.kind === 'erc20' || approval.kind === 'permit2') return approval.unlimited;
  return false;
}

/**
 * The preview as the review shows it: what each of the person's accounts (`own`) sends and
 * receives, the approvals they set, the NFTs moved, the contracts involved, and the warnings:
 * a revert, an operator for all NFTs, an unlimited allowance to an address without code or that
 * the person never dealt with (`known`: lower-case addresses they know), a limited one to such an
 * address that is far above the owner's balance of the token, an ERC-721 sent to a
 * contract that does not accept it, a move of the form's asset by another amount than the
 * form says, and anything the person's accounts receive in a preview a contract can tell apart
 * (the stateOverride strategy puts code at the sender). Facts not read (yet) raise no warning of
 * their own.
 */
export function describeEffects(
  result: SimulationResult,
  args: {
    own: readonly Address[];
    to: Address | null | undefined;
    known: ReadonlySet<string>;
    facts?: EffectFacts | undefined;
    intent?: FormIntent | undefined;
    /** The coin the transaction itself sends, and from which account. */
    sends?: { from: Address; value: bigint } | undefined;
  },
): TransactionEffects {
  const mine = new Set(args.own.map(lower));
  const warnings: EffectWarning[] = [];
  if (!result.outcome.ok) warnings.push({ kind: 'reverts', reason: result.outcome.reason, call: result.outcome.call });

  const accounts: AccountEffects[] = [];
  for (const change of result.changes) {
    if (!mine.has(lower(change.address))) continue;
    let entry = accounts.find((a) => sameAddress(a.address, change.address));
    if (!entry) {
      entry = { address: change.address, changes: [] };
      accounts.push(entry);
    }
    entry.changes.push(change);
  }

  const approvals = ownApprovals(result, mine);
  for (const approval of approvals) {
    const grantee = granteeOf(approval);
    const unknown = grantee !== undefined && !args.known.has(lower(grantee)) && !mine.has(lower(grantee));
    if (unknown && (approval.kind === 'erc20' || approval.kind === 'permit2') && !approval.unlimited) {
      const balance = args.facts?.balances?.get(balanceKey(approval.token, approval.owner));
      if (balance !== undefined && isFarAboveBalance(approval.amount, balance)) {
        const { token, owner, amount } = approval;
        warnings.push({ kind: 'allowance-above-balance', token, owner, spender: grantee, amount, balance });
      }
    }
    if (!grantee || !isUnlimitedGrant(approval)) continue;
    const { token, owner } = approval;
    if (approval.kind === 'operator') warnings.push({ kind: 'operator-for-all', token, owner, operator: grantee });
    const hasCode = args.facts?.code.get(lower(grantee));
    if (approval.kind !== 'operator' && hasCode === false)
      warnings.push({ kind: 'unlimited-to-codeless', token, owner, spender: grantee });
    else if (!args.known.has(lower(grantee)) && !mine.has(lower(grantee)))
      warnings.push({ kind: 'unlimited-to-unknown', token, owner, spender: grantee });
  }

  for (const { token, to, tokenId } of factsNeeded(result, args.own).receivers) {
    const accepts = args.facts?.receivers.get(receiverKey(token, to, tokenId));
    if (args.facts?.code.get(lower(to)) === true && accepts === false)
      warnings.push({ kind: 'cannot-receive', token, tokenId, to });
  }

  if (args.intent && result.outcome.ok) warnings.push(...formDifferences(result, args.intent));
  if (
    result.strategy === 'stateOverride' &&
    (accounts.some((a) => a.changes.some(receives)) || comesBack(result, args.sends))
  )
    warnings.push({ kind: 'receipt-unverifiable' });

  const contracts = new Map<string, Address>();
  if (args.to) contracts.set(lower(args.to), getAddress(args.to));
  for (const created of result.created) contracts.set(lower(created), getAddress(created));
  for (const log of result.logs) contracts.set(lower(log.address), getAddress(log.address));
  return { accounts, approvals, contracts: [...contracts.values()], warnings };
}

/** Whether a change brings the account anything. */
function receives(change: AssetChange): boolean {
  return change.kind === 'erc721' ? change.received.length > 0 : change.in > 0n;
}

/**
 * Whether the sender is shown losing less of its coin than the transaction sends: some comes back
 * (a preview that reads balances shows what comes back only as a smaller loss, or none).
 */
function comesBack(result: SimulationResult, sends: { from: Address; value: bigint } | undefined): boolean {
  if (!sends || sends.value === 0n || !result.outcome.ok) return false;
  const own = result.changes.find((c) => c.kind === 'native' && sameAddress(c.address, sends.from));
  const out = own?.kind === 'native' ? own.out - own.in : 0n;
  return out < sends.value;
}

/** The net amount of the form's asset that `address` gains (negative: loses) in the preview. */
function netOf(changes: readonly AssetChange[], address: Address, asset: FormIntent['asset']): bigint {
  let net = 0n;
  for (const c of changes) {
    if (!sameAddress(c.address, address)) continue;
    if (asset.kind === 'native' && c.kind === 'native') net += c.in - c.out;
    else if (asset.kind === 'erc20' && c.kind === 'erc20' && sameAddress(c.token, asset.token)) net += c.in - c.out;
    else if (asset.kind === 'erc721' && c.kind === 'erc721' && sameAddress(c.token, asset.token)) {
      net += BigInt(c.received.filter((id) => id === asset.tokenId).length);
      net -= BigInt(c.sent.filter((id) => id === asset.tokenId).length);
    } else if (
      asset.kind === 'erc1155' &&
      c.kind === 'erc1155' &&
      sameAddress(c.token, asset.token) &&
      c.id === asset.tokenId
    )
      net += c.in - c.out;
  }
  return net;
}

function formDifferences(result: SimulationResult, intent: FormIntent): EffectWarning[] {
  if (intent.amount === 0n || sameAddress(intent.recipient, intent.from)) return [];
  const received = netOf(result.changes, intent.recipient, intent.asset);
  if (received === intent.amount) return [];
  return [{ kind: 'differs-from-form', recipient: intent.recipient, expected: intent.amount, actual: received }];
}
