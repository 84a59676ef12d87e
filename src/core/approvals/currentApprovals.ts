import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  type Hex,
  parseAbi,
  zeroAddress,
} from 'viem';
import { isUnlimited } from '../assets/unlimited';
import type { ChainClient } from '../chain/client';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import {
  aggregate3,
  type Call3,
  type CallOutcome,
  multicall3Abi,
  multicallAddress,
  plainCalls,
} from '../chain/multicall';
import { toChainError } from '../chain/toChainError';
import { permit2AllowanceAbi } from '../contracts/decode/standardAbis';
import { sameAddress } from '../keys/sameAddress';
import { type ApprovalEvent, latestPerApproval } from './approvalEvents';

const readAbi = parseAbi([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function ownerOf(uint256 tokenId) view returns (address)',
]);

const permit2Abi = permit2AllowanceAbi;

/**
 * Where an approval came from: the event that last set it. `unreadable`: the chain could not say
 * whether it is still in force (the call failed): it is shown as the event set it, never dropped.
 */
type Granted = { blockNumber: bigint; transactionHash: Hex; unreadable?: true };

/**
 * An approval in force now, read from the chain (not from the events): what the spender may take.
 * `balance` is the owner's balance of the token (ERC-20 and Permit2), for the value at risk;
 * undefined where the token would not say.
 */
export type CurrentApproval =
  | ({
      kind: 'erc20';
      token: Address;
      spender: Address;
      amount: bigint;
      unlimited: boolean;
      balance: bigint | undefined;
    } & Granted)
  | ({ kind: 'erc721'; token: Address; tokenId: bigint; approved: Address } & Granted)
  | ({ kind: 'operator'; token: Address; operator: Address } & Granted)
  | ({
      kind: 'permit2';
      token: Address;
      spender: Address;
      amount: bigint;
      unlimited: boolean;
      /** Unix seconds after which Permit2 refuses it. */
      expiration: bigint;
      nonce: bigint;
      /** What the token itself lets Permit2 take: the spender can take no more than this either. */
      permit2Allowance: bigint | undefined;
      balance: bigint | undefined;
    } & Granted);

type Read = { event: ApprovalEvent; calls: Call3[] };

const callTo = (target: Address, data: Hex): Call3 => ({ target, allowFailure: true, callData: data });

/** The reads that say whether an event's approval is still in force. */
function readsFor(owner: Address, event: ApprovalEvent): Call3[] {
  const encode = (target: Address, functionName: string, args: readonly unknown[]) =>
    callTo(target, encodeFunctionData({ abi: readAbi, functionName, args } as never));
  switch (event.kind) {
    case 'erc20':
      return [encode(event.token, 'allowance', [owner, event.spender]), encode(event.token, 'balanceOf', [owner])];
    case 'operator':
      return [encode(event.token, 'isApprovedForAll', [owner, event.operator])];
    case 'erc721':
      return [encode(event.token, 'getApproved', [event.tokenId]), encode(event.token, 'ownerOf', [event.tokenId])];
    case 'permit2':
      return [
        callTo(
          PERMIT2_ADDRESS,
          encodeFunctionData({ abi: permit2Abi, functionName: 'allowance', args: [owner, event.token, event.spender] }),
        ),
        encode(event.token, 'allowance', [owner, PERMIT2_ADDRESS]),
        encode(event.token, 'balanceOf', [owner]),
      ];
  }
}

/** A word an outcome carries, or undefined when the call failed or answered less than a word. */
function word(outcome: CallOutcome | undefined): bigint | undefined {
  if (!outcome?.ok || !outcome.data || outcome.data.length < 66) return undefined;
  return BigInt(outcome.data.slice(0, 66));
}

function addressWord(outcome: CallOutcome | undefined): Address | undefined {
  const value = word(outcome);
  return value === undefined || value >= 2n ** 160n
    ? undefined
    : getAddress(`0x${value.toString(16).padStart(40, '0')}`);
}

/**
 * What the reads (readsFor, in order) say of one event's approval at time `now`: in force, with
 * what it allows; gone (undefined): zeroed, withdrawn, expired, its NFT no longer the owner's;
 * or, when the deciding read failed, as the event set it, marked unreadable: a contract that will
 * not answer must not make its approval disappear.
 */
export function approvalInForce(
  owner: Address,
  event: ApprovalEvent,
  outcomes: readonly (CallOutcome | undefined)[],
  now: bigint,
): CurrentApproval | undefined {
  const granted: Granted = { blockNumber: event.blockNumber, transactionHash: event.transactionHash };
  const unreadable: Granted = { ...granted, unreadable: true };
  const read = outcomes[0];
  const failed = !read?.ok || !read.data || read.data.length < 66;
  switch (event.kind) {
    case 'erc20': {
      const amount = failed ? event.amount : word(read);
      // 1 base unit is what a revoke leaves on a token that refuses 0 (revokeCallFor): nothing to take.
      if (!amount || amount === 1n) return undefined;
      return {
        kind: 'erc20',
        token: event.token,
        spender: event.spender,
        amount,
        unlimited: isUnlimited(amount),
        balance: word(outcomes[1]),
        ...(failed ? unreadable : granted),
      };
    }
    case 'operator':
      if (failed)
        return event.approved
          ? { kind: 'operator', token: event.token, operator: event.operator, ...unreadable }
          : undefined;
      return word(read) === 1n
        ? { kind: 'operator', token: event.token, operator: event.operator, ...granted }
        : undefined;
    case 'erc721': {
      if (failed || !outcomes[1]?.ok)
        return event.revoked
          ? undefined
          : { kind: 'erc721', token: event.token, tokenId: event.tokenId, approved: event.approved, ...unreadable };
      const approved = addressWord(outcomes[0]);
      const holder = addressWord(outcomes[1]);
      // Approved for a token the owner no longer holds: the approval went with the token.
      if (!approved || approved === zeroAddress || !sameAddress(holder, owner)) return undefined;
      return { kind: 'erc721', token: event.token, tokenId: event.tokenId, approved, ...granted };
    }
    case 'permit2': {
      // Permit2 refuses an allowance once block.timestamp is past its expiration: one that ends at
      // the head's time cannot be used in any later block. Unreadable: as the event set it.
      const decoded = failed ? undefined : permit2Allowance(read.data as Hex);
      const { amount, expiration, nonce } = decoded ?? {
        amount: event.amount,
        expiration: event.expiration,
        nonce: 0n,
      };
      if (amount === 0n || expiration <= now) return undefined;
      return {
        kind: 'permit2',
        token: event.token,
        spender: event.spender,
        amount,
        unlimited: isUnlimited(amount),
        expiration,
        nonce,
        permit2Allowance: word(outcomes[1]),
        balance: word(outcomes[2]),
        ...(decoded ? granted : unreadable),
      };
    }
  }
}

/** Permit2's answer to allowance(), or undefined when it does not decode. */
function permit2Allowance(data: Hex): { amount: bigint; expiration: bigint; nonce: bigint } | undefined {
  try {
    const [amount, expiration, nonce] = decodeFunctionResult({ abi: permit2Abi, functionName: 'allowance', data });
    return { amount, expiration: BigInt(expiration), nonce: BigInt(nonce) };
  } catch {
    return undefined;
  }
}

/**
 * The approvals among `events` still in force on the chain now, each with what it allows, read in
 * one batch: through Multicall3 (aggregate3, with the block's time for Permit2's expiry) when
 * `multicall` is true, else as plain calls in one JSON-RPC batch. Zeroed, withdrawn, expired ones
 * and approvals of NFTs the owner no longer holds are left out.
 *
 * Errors: ChainError when the node fails.
 */
export async function readCurrentApprovals(
  client: ChainClient,
  owner: Address,
  events: readonly ApprovalEvent[],
  multicall: boolean,
): Promise<CurrentApproval[]> {
  const reads: Read[] = latestPerApproval(events).map((event) => ({ event, calls: readsFor(owner, event) }));
  const clock = callTo(
    multicallAddress(client),
    encodeFunctionData({ abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' }),
  );
  const calls = reads.flatMap((r) => r.calls);
  let outcomes: CallOutcome[];
  let now: bigint | undefined;
  try {
    if (multicall) {
      const answers = await aggregate3(client, [clock, ...calls]);
      now = word(answers[0]);
      outcomes = answers.slice(1);
      // A call that failed without a reason may only have run short of gas inside the aggregate
      // (a contract that burns it starves the calls after it): each is asked again on its own.
      const unclear = outcomes.flatMap((outcome, i) => (!outcome.ok && !outcome.saidWhy ? [i] : []));
      if (unclear.length > 0) {
        const again = await plainCalls(
          client,
          unclear.map((i) => calls[i] as Call3),
        );
        unclear.forEach((i, j) => {
          outcomes[i] = again[j] as CallOutcome;
        });
      }
    } else {
      const [block, answers] = await Promise.all([
        client.request({ method: 'eth_getBlockByNumber', params: ['latest', false] } as never) as Promise<{
          timestamp: Hex;
        }>,
        plainCalls(client, calls),
      ]);
      now = BigInt(block.timestamp);
      outcomes = answers;
    }
  } catch (error) {
    throw toChainError(error);
  }
  if (now === undefined) throw toChainError(new Error('Multicall3 gave no block time'));
  const found: CurrentApproval[] = [];
  let at = 0;
  for (const { event, calls: asked } of reads) {
    const approval = approvalInForce(owner, event, outcomes.slice(at, at + asked.length), now as bigint);
    at += asked.length;
    if (approval) found.push(approval);
  }
  return found;
}

/**
 * How much of the token the spender could take now, in the token's base units: the allowance,
 * capped by the owner's balance (and for Permit2 by what the token lets Permit2 itself take).
 * Undefined for NFT approvals, which put NFTs at risk rather than an amount, and when a balance
 * could not be read (unknown is not "nothing at risk").
 */
export function tokensAtRisk(approval: CurrentApproval): bigint | undefined {
  const least = (...values: (bigint | undefined)[]) =>
    values.some((v) => v === undefined) ? undefined : (values as bigint[]).reduce((a, b) => (b < a ? b : a));
  switch (approval.kind) {
    case 'erc20':
      return least(approval.amount, approval.balance);
    case 'permit2':
      return least(approval.amount, approval.permit2Allowance, approval.balance);
    default:
      return undefined;
  }
}
