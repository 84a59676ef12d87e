import type { AccessList, Address, Hex, SignedAuthorizationList } from 'viem';
import type { DecodedRevert } from '../contracts/decode/errors';
import type { DecodedLog, RawLog } from '../contracts/decode/logs';
import type { Message } from '../i18n/message';
import type { NextBlockRun } from '../verify/callEffects';

/**
 * How a result was obtained, best first: the order the probe tries them in. `stateOverride` needs
 * only eth_call with state overrides, and sees only the balances and approvals it was told to watch.
 */
export const SIMULATION_STRATEGIES = ['simulateV1', 'callTracer', 'structLogs', 'stateOverride'] as const;
export type SimulationStrategy = (typeof SIMULATION_STRATEGIES)[number];

/** A transaction before it is signed, with viem's field names. */
export type UnsignedTransaction = {
  from: Address;
  /** Absent or null for a contract creation. */
  to?: Address | null | undefined;
  value?: bigint | undefined;
  data?: Hex | undefined;
  gas?: bigint | undefined;
  gasPrice?: bigint | undefined;
  maxFeePerGas?: bigint | undefined;
  maxPriorityFeePerGas?: bigint | undefined;
  nonce?: number | undefined;
  accessList?: AccessList | undefined;
  authorizationList?: SignedAuthorizationList | undefined;
  /**
   * EIP-7702 authorizations the transaction will carry that are signed only at Confirm (a plain
   * account upgraded by its batch's transaction): the preview runs with each authority's code
   * set to its delegate's designator instead, and counts them in the intrinsic gas.
   */
  upgrades?: readonly PendingUpgrade[] | undefined;
};

/** An authorization not signed yet: `authority` will run `delegate`'s code (EIP-7702). */
export type PendingUpgrade = { authority: Address; delegate: Address };

/**
 * What a top-level contract creation would leave: the address of the contract, and the size in
 * bytes of the runtime code its init code returns (undefined when the node could not say, for
 * instance because the creation reverts: the preview's outcome says that). See creation.ts.
 * `nonceKnown` is false when the signer (a browser wallet) chooses the nonce itself: the address
 * is then the one its next transaction would create, which holds only if this one goes next.
 */
export type CreationPreview = { address: Address; codeSize: number | undefined; nonceKnown: boolean };

/** Native coin moved from one address to another, by the transaction or by an internal call. */
export type NativeTransfer = { from: Address; to: Address; value: bigint };

/** What a strategy reads from the node, before logs become asset changes (every strategy yields this). */
export type Execution = {
  ok: boolean;
  /** Revert data when the transaction reverted ('0x' when it gave none). */
  revertData: Hex | undefined;
  /** Why it failed when there is no revert data: the node's words ("invalid opcode"), or what Cairn read ("out of gas"). */
  error: Message | undefined;
  gasUsed: bigint;
  /** Logs of the frames that did not revert, in execution order. */
  logs: RawLog[];
  native: NativeTransfer[];
  created: Address[];
  /** What this strategy could not see (for example internal creations under eth_simulateV1). */
  notes: Message[];
};

/** One asset's movement for one address: what came in and what went out, each a sum. */
export type AssetChange =
  | { kind: 'native'; address: Address; in: bigint; out: bigint }
  | { kind: 'erc20'; address: Address; token: Address; in: bigint; out: bigint }
  | { kind: 'erc721'; address: Address; token: Address; received: bigint[]; sent: bigint[] }
  | { kind: 'erc1155'; address: Address; token: Address; id: bigint; in: bigint; out: bigint };

/** The largest uint256: an ERC-20 allowance that never runs down. */
export const MAX_UINT256 = 2n ** 256n - 1n;

/** The largest uint160: Permit2's unlimited allowance (the devchain seeds such approvals). */
export const MAX_UINT160 = 2n ** 160n - 1n;

/**
 * An approval the transaction sets. A zero amount or the zero address revokes. `unlimited`: the
 * amount is at or above the one threshold of assets/unlimited.ts, not only at the maximum.
 */
export type ApprovalChange =
  | { kind: 'erc20'; token: Address; owner: Address; spender: Address; amount: bigint; unlimited: boolean }
  | { kind: 'erc721'; token: Address; owner: Address; approved: Address; tokenId: bigint; revoked: boolean }
  /** ERC-721 or ERC-1155 ApprovalForAll: the operator may move every token of the owner. */
  | { kind: 'operator'; token: Address; owner: Address; operator: Address; approved: boolean }
  /** Permit2 Approval: `permit2` is the contract that emitted it. */
  | {
      kind: 'permit2';
      permit2: Address;
      token: Address;
      owner: Address;
      spender: Address;
      amount: bigint;
      expiration: bigint;
      unlimited: boolean;
    };

export type SimulationOutcome =
  | { ok: true }
  | {
      ok: false;
      /** The revert decoded (a contract's words as untrusted text), the node's words, or Cairn's. */
      reason: Message;
      revert: DecodedRevert | undefined;
      revertData: Hex | undefined;
      /** In a batch of calls: which one fails (0-based) of how many; `atomic`: that reverts the whole batch. */
      call?: { index: number; count: number; atomic?: boolean | undefined };
    };

/**
 * What the transaction would do if it were mined in the next block. Advisory: the chain may change before it is
 * mined, and a node can lie; nothing here is a promise.
 */
export type SimulationResult = {
  strategy: SimulationStrategy;
  advisory: true;
  /** The latest block when it was simulated: it ran as the block after it (absent in hand-made results). */
  block?: bigint | undefined;
  /**
   * The next block the node ran it as, where it was told to and did (block overrides, or
   * eth_simulateV1): a proven run as that block is then held against the preview too.
   */
  ranAs?: NextBlockRun | undefined;
  outcome: SimulationOutcome;
  gasUsed: bigint;
  logs: DecodedLog[];
  /** Every address whose assets move, checksummed; native sums include value moved by internal calls. */
  changes: AssetChange[];
  approvals: ApprovalChange[];
  created: Address[];
  /** A top-level contract creation's address and runtime code size (see creation.ts); none for a call. */
  creation?: CreationPreview | undefined;
  notes: Message[];
};
