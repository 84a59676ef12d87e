import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex, toHex, zeroAddress } from 'viem';
import { designatorCode } from '../chain/delegationDesignator';
import { type Message, msg } from '../i18n/message';
import { floorDataGas, intrinsicGas as intrinsicGasOf } from '../offline/intrinsicGas';
import { blockOverrides, pinnedFees, type SimulationContext } from './nextBlock';
import { type ReadingChanges, readingChanges } from './readings';
import { SIMULATOR_ABI, SIMULATOR_RUNTIME } from './simulator/simulatorCode.generated';
import type { Execution, UnsignedTransaction } from './types';
import { planReads, type Read, watchPlan } from './watch';

/** The request for one preview and what its answer is read against. */
export type StateOverrideCall = {
  method: 'eth_call';
  params: unknown[];
  reads: Read[];
  /** Gas given to the call itself: the transaction's limit less its intrinsic cost (0: all there is). */
  gasLimit: bigint;
};

/** Gas of the transaction before any code runs, by the one rule set in core/offline/intrinsicGas. */
export function intrinsicGas(tx: UnsignedTransaction): bigint {
  return intrinsicGasOf({
    to: tx.to ?? null,
    data: tx.data ?? '0x',
    accessList: tx.accessList,
    authorizations: (tx.authorizationList?.length ?? 0) + (tx.upgrades?.length ?? 0),
  }).total;
}

/** A transaction's gas from its call's own: the intrinsic cost added, and never below the calldata floor. */
export function transactionGas(tx: UnsignedTransaction, callGas: bigint): bigint {
  return max(intrinsicGas(tx) + callGas, calldataFloor(tx));
}

/** EIP-7623 (Prague): the least a transaction with this calldata pays. */
export function calldataFloor(tx: UnsignedTransaction): bigint {
  return floorDataGas(tx.data ?? '0x');
}

/** How the call runs: as the next block, by block overrides where the node applies them (`honored`). */
export type OverrideShape = { context: SimulationContext; honored: boolean };

/**
 * An eth_call from the sender to the sender, with the simulator's code placed at the sender's
 * address by a state override: the simulator reads the watched balances and approvals, calls the
 * target as the sender would, and reads them again. `tokens` are the person's portfolio tokens.
 * `delegate`: the EIP-7702 delegate whose code the sender runs (see Simulator.sol's simulate); an
 * upgrade of another account (`tx.upgrades`) gives it its delegate's designator.
 *
 * The call pays the price the transaction will pay (so `tx.gasprice` is the real one) and runs as
 * the next block: by block overrides where the node applies them, else on its pending block. The
 * node charges the call's gas up front, more than the transaction's own limit: the sender's balance
 * is raised by the difference, so what the contract sees is the balance less the transaction's fee.
 */
export function stateOverrideCall(
  tx: UnsignedTransaction,
  tokens: readonly Address[],
  { context, honored }: OverrideShape,
  delegate: Address = zeroAddress,
): StateOverrideCall {
  const from = getAddress(tx.from);
  const reads = planReads(watchPlan(tx, tokens), from);
  const isCreate = !tx.to;
  const intrinsic = intrinsicGas(tx);
  const gasLimit = tx.gas === undefined ? 0n : tx.gas > intrinsic ? tx.gas - intrinsic : 1n;
  const data = encodeFunctionData({
    abi: SIMULATOR_ABI,
    functionName: 'simulate',
    args: [
      tx.to ? getAddress(tx.to) : zeroAddress,
      tx.value ?? 0n,
      tx.data ?? '0x',
      gasLimit,
      isCreate,
      reads.map(({ target, data, onlyIf }) => ({ target, data, onlyIf: BigInt(onlyIf) })),
      delegate,
    ],
  });
  // The value is sent by the simulator from the sender's balance, not by the eth_call.
  const call = { ...simulatorCall(from, data, context), ...(tx.accessList ? { accessList: tx.accessList } : {}) };
  const overrides = { ...upgradeOverrides(tx), [from]: senderOverride(context, tx.gas ?? 0n) };
  return { method: 'eth_call', params: overrideCallParams(call, overrides, { context, honored }), reads, gasLimit };
}

/**
 * The state overrides that stand for the authorizations signed only at Confirm (`tx.upgrades`):
 * each authority's code is its delegate's designator, which the node follows as it will once the
 * authorization applies.
 */
export function upgradeOverrides(tx: UnsignedTransaction): Record<Address, { code: Hex }> {
  return Object.fromEntries(
    (tx.upgrades ?? []).map(({ authority, delegate }) => [getAddress(authority), { code: designatorCode(delegate) }]),
  );
}

/** The simulator's eth_call object: from the sender to itself, with all the gas one call may have, at the real price. */
export function simulatorCall(from: Address, data: Hex, context: SimulationContext): Record<string, unknown> {
  return { from, to: from, data, gas: toHex(context.block.gasCap), ...pinnedFees(context) };
}

/**
 * The sender's state override: the simulator's code, and its balance raised by what the call's
 * gas costs beyond `ownGas` (the gas the transaction itself is charged for).
 */
export function senderOverride(context: SimulationContext, ownGas: bigint): { code: Hex; balance?: Hex } {
  const { balance, gasPrice, block } = context;
  if (balance === undefined || gasPrice === 0n) return { code: SIMULATOR_RUNTIME };
  const extra = block.gasCap > ownGas ? (block.gasCap - ownGas) * gasPrice : 0n;
  return { code: SIMULATOR_RUNTIME, balance: toHex(balance + extra) };
}

/** eth_call's parameters: the call, its state overrides, and the next block's overrides or the pending block. */
export function overrideCallParams(
  call: Record<string, unknown>,
  overrides: Record<string, unknown>,
  shape: OverrideShape,
) {
  return shape.honored
    ? [call, 'latest', overrides, blockOverrides(shape.context.block)]
    : [call, 'pending', overrides];
}

/** What a preview through the simulator contract can and cannot see. */
export const STATE_OVERRIDE_NOTES = {
  watched: msg('core.chain:simulation.note.watched'),
  unseen: msg('core.chain:simulation.note.unseen'),
  gas: msg('core.chain:simulation.note.gasEstimate'),
  create: msg('core.chain:simulation.note.create'),
} as const;

type Outcome = { success: boolean; returnData: Hex; gasUsed: bigint; created: Address; codeSize: bigint };
type Reading = { ok: boolean; value: bigint };

/**
 * Reads the simulator's answer: the outcome (revert data when the call failed), the gas estimate,
 * and the changes the readings show (readingChanges). Throws a TypeError when the answer is not
 * the simulator's.
 */
export function parseStateOverride(
  answer: unknown,
  request: StateOverrideCall,
  tx: UnsignedTransaction,
): { execution: Execution; readings: ReadingChanges } {
  if (typeof answer !== 'string' || !answer.startsWith('0x') || answer.length < 2 + 64 * 3) {
    throw new TypeError('eth_call with state overrides answered without the simulator’s result');
  }
  let decoded: readonly [Outcome, readonly Reading[], readonly Reading[]];
  try {
    decoded = decodeFunctionResult({ abi: SIMULATOR_ABI, functionName: 'simulate', data: answer as Hex });
  } catch (error) {
    throw new TypeError(`the simulator's answer does not decode: ${(error as Error).message}`);
  }
  const [outcome, before, after] = decoded;
  const { reads } = request;
  if (before.length !== reads.length || after.length !== reads.length) {
    throw new TypeError('the simulator answered with another number of readings than asked');
  }
  const from = getAddress(tx.from);
  const observed = reads.map((read, i) => ({
    meaning: read.meaning,
    before: before[i] as Reading,
    after: after[i] as Reading,
  }));
  const ok = outcome.success;
  const gasUsed = transactionGas(tx, outcome.gasUsed);
  const notes: Message[] = [STATE_OVERRIDE_NOTES.watched, STATE_OVERRIDE_NOTES.unseen, STATE_OVERRIDE_NOTES.gas];
  if (!tx.to) notes.push(STATE_OVERRIDE_NOTES.create);
  const execution: Execution = {
    ok,
    revertData: ok ? undefined : outcome.returnData,
    error: ok ? undefined : failureWords(outcome, request, tx, observed),
    gasUsed,
    logs: [],
    native: [],
    created: [],
    notes,
  };
  const readings: ReadingChanges = ok ? readingChanges(from, observed) : { changes: [], approvals: [], notes: [] };
  return { execution, readings };
}

/** Why a call failed without revert data, when the readings tell. */
function failureWords(
  outcome: Outcome,
  request: StateOverrideCall,
  tx: UnsignedTransaction,
  observed: { meaning: Read['meaning']; before: Reading }[],
): Message | undefined {
  if (outcome.returnData !== '0x') return undefined;
  const from = getAddress(tx.from);
  const balance = observed.find((o) => o.meaning.kind === 'native' && o.meaning.holder === from)?.before.value;
  if (balance !== undefined && balance < (tx.value ?? 0n)) return msg('core.chain:simulation.insufficientValue');
  // All the gas it was given, less what the measurement itself may count twice.
  if (request.gasLimit > 0n && outcome.gasUsed + 1_000n >= request.gasLimit)
    return msg('core.chain:simulation.outOfGasShort');
  return undefined;
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
