import type { Address } from 'viem';
import type { ChainClient } from '../chain/client';
import { SmartAccountError } from '../errors/smartAccount';
import { msg } from '../i18n/message';
import { type SimulateOptions, simulateTransaction } from '../simulation/simulate';
import { type CallPreview, type CallsSimulation, simulateCalls } from '../simulation/simulateCalls';
import type { SimulationOutcome, UnsignedTransaction } from '../simulation/types';
import type { SmartAccountState } from './accountState';
import type { PlannedBatch } from './atomicSend';
import { DELEGATION_CONTRACTS } from './delegates';
import { type ExecutionCall, selfBatchCall } from './execution';

// An atomic batch is previewed as the one transaction that will be mined: the account's call to
// itself, its delegate's `execute`, with the delegate's code at the account. A plain account's
// upgrade is signed only at Confirm: until then its designator stands in for the authorization
// (a state override), so the preview and the gas estimate never carry anything the account signed.

const ATOMIC_NOTE = msg('core.chain:simulation.note.atomic');

/**
 * The one transaction the account sends itself to run `calls` atomically (its delegate's
 * `execute` in batch mode), as previewed: a plain account's upgrade to Cairn's delegate with it.
 */
export function atomicBatchTransaction(
  account: Address,
  state: SmartAccountState,
  calls: readonly ExecutionCall[],
): UnsignedTransaction {
  const upgrade = state.kind === 'plain' ? [{ authority: account, delegate: DELEGATION_CONTRACTS.delegator }] : [];
  return { from: account, ...selfBatchCall(account, calls), ...(upgrade.length > 0 && { upgrades: upgrade }) };
}

/** A planned batch's one transaction (its sender, the payer's when another pays), its upgrade as a designator. */
export function plannedTransaction(plan: PlannedBatch): UnsignedTransaction {
  const { tx, account, authorization } = plan;
  return {
    from: tx.sender,
    to: tx.call.to,
    value: tx.call.value,
    data: tx.call.data,
    ...(authorization && { upgrades: [{ authority: account, delegate: authorization.delegate }] }),
  };
}

/**
 * The gas of a planned batch whose upgrade is not signed yet, from its one transaction's preview
 * on the node (the intrinsic cost of the authorization counted): a node's eth_estimateGas would
 * need the signed authorization, and Hardhat takes no state override there.
 * Throws SMART_BATCH_REVERTS when the transaction would revert, and what simulateTransaction throws.
 */
export async function plannedGas(client: ChainClient, plan: PlannedBatch, options: SimulateOptions): Promise<bigint> {
  const result = await simulateTransaction(client, plannedTransaction(plan), options);
  if (!result.outcome.ok)
    throw new SmartAccountError(
      'SMART_BATCH_REVERTS',
      msg('core.chain:smartAccount.batchReverts', { reason: result.outcome.reason }),
    );
  return result.gasUsed;
}

/**
 * An atomic batch to preview: the account whose calls it runs, the calls, and the one transaction
 * that runs them (atomicBatchTransaction; once planned, plannedTransaction: another account may
 * send it and pay).
 */
export type AtomicBatch = { account: Address; calls: readonly ExecutionCall[]; tx: UnsignedTransaction };

/**
 * What an atomic batch would do if mined now: its one transaction previewed (with the fees, limit
 * and nonce of `options.sending` when prepared), which gives the changes and the outcome. Beside
 * it, in the same round trip, the calls one after another from the account (simulateCalls), only
 * for what each would cost as a transaction of its own and, when the batch fails, which call
 * fails; `calls` is empty when that preview has no answer for every call.
 *
 * Codes: those of simulateTransaction.
 */
export async function simulateAtomicBatch(
  client: ChainClient,
  { account, calls, tx }: AtomicBatch,
  options: SimulateOptions,
): Promise<CallsSimulation> {
  const { sending } = options;
  const sent: UnsignedTransaction = { ...tx, ...sending?.fees, gas: sending?.gas, nonce: sending?.nonce };
  const apart = simulateCalls(client, account, calls, { ...options, sending: undefined }).catch(() => undefined);
  const [one, each] = await Promise.all([simulateTransaction(client, sent, options), apart]);
  return {
    ...one,
    outcome: withFailingCall(one.outcome, each, calls.length),
    notes: [ATOMIC_NOTE, ...one.notes],
    calls: one.outcome.ok && each?.outcome.ok && each.calls.length === calls.length ? each.calls : noCalls,
  };
}

const noCalls: CallPreview[] = [];

/** A failing batch's outcome, naming the call that fails when the calls previewed apart say which. */
function withFailingCall(
  outcome: SimulationOutcome,
  apart: CallsSimulation | undefined,
  count: number,
): SimulationOutcome {
  if (outcome.ok) return outcome;
  const index = apart && !apart.outcome.ok ? apart.outcome.call?.index : undefined;
  return index === undefined ? outcome : { ...outcome, call: { index, count, atomic: true } };
}
