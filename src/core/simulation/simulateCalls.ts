import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  size,
  toHex,
  zeroAddress,
} from 'viem';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import { SimulationError } from '../errors/simulation';
import { msg } from '../i18n/message';
import { approvalKey, logChanges } from './changes';
import { batchCreations, nonceToUse } from './creation';
import { feeCap, feeParams, gasWithin, readSimulationContext, type SimulationContext } from './nextBlock';
import { runsOwnCode } from './ownCode';
import { isRefusal, probeNode } from './probe';
import { type Observed, type Reading, readingChanges } from './readings';
import {
  type BatchSending,
  callParams,
  checkPreviousHash,
  detectableNotes,
  failed,
  honorsBlock,
  outcomeOf,
  type SimulateOptions,
  simulateTransaction,
} from './simulate';
import { parseSimulateV1Calls, returnDataOf, simulateV1BlockParams } from './simulateV1';
import { SIMULATOR_ABI } from './simulator/simulatorCode.generated';
import {
  intrinsicGas,
  type OverrideShape,
  overrideCallParams,
  STATE_OVERRIDE_NOTES,
  senderOverride,
  simulatorCall,
  transactionGas,
} from './stateOverride';
import {
  type ApprovalChange,
  type CreationPreview,
  type Execution,
  MAX_UINT256,
  type SimulationOutcome,
  type SimulationResult,
  type UnsignedTransaction,
} from './types';
import { batchWatchPlan, planReads } from './watch';

/** One call of a batch (EIP-5792 wallet_sendCalls): to a contract or account, or without `to` a contract creation. */
export type BatchCall = { to: Address | undefined; value: bigint; data: Hex };

/**
 * What each call of the batch would do: one entry per call the preview made, none after the first
 * failure. A creation's `creation`: where it lands (the sender and its transaction's nonce, the
 * batch's first plus its place) and the size of the code it leaves.
 */
export type CallPreview = { outcome: SimulationOutcome; gasUsed: bigint; creation?: CreationPreview | undefined };

/** The combined preview of a batch: the changes of every call made, and each call's outcome. */
export type CallsSimulation = SimulationResult & { calls: CallPreview[] };

type RawRequest = (args: { method: string; params: unknown[] }) => Promise<unknown>;

const NOTES = {
  sequential: msg('core.chain:simulation.note.sequential'),
  between: msg('core.chain:simulation.note.between'),
  gas: msg('core.chain:simulation.note.laterGas'),
} as const;

/**
 * What `calls`, sent by `from` one after another, would do if mined now: their combined asset
 * changes and approvals, and each call's outcome, stopping after the first that fails (Cairn sends
 * none after it). eth_simulateV1 runs them in one simulated block; a node without it runs them
 * through the simulator contract placed at the sender by an eth_call state override (then only the
 * watched balances and approvals are seen). A single call is previewed as a transaction is.
 * Every call runs with the fees of `options.sending` (the first call as prepared), the first with
 * its limit and nonce, the later ones with the nonces after it and a share of the gas the sender
 * can pay for (withLimits).
 *
 * Codes: SIMULATION_UNSUPPORTED (the node offers neither way), SIMULATION_FAILED, and what
 * simulateTransaction throws.
 */
export async function simulateCalls(
  client: ChainClient,
  from: Address,
  calls: readonly BatchCall[],
  options: SimulateOptions,
): Promise<CallsSimulation> {
  const txs: UnsignedTransaction[] = calls.map((call) => ({ from: getAddress(from), ...call }));
  const { sending } = options;
  const fees = sending?.fees ?? {};
  if (txs.length === 1) {
    const first = { ...(txs[0] as UnsignedTransaction), ...fees, gas: sending?.gas, nonce: sending?.nonce };
    const single = await simulateTransaction(client, first, options);
    return { ...single, calls: [{ outcome: single.outcome, gasUsed: single.gasUsed, creation: single.creation }] };
  }
  const owner = getAddress(from);
  // With a creation in it, the batch's first nonce: where each creation lands follows from it.
  const nonce = calls.some((call) => !call.to) ? nonceToUse(client, owner, sending?.nonce) : Promise.resolve(undefined);
  nonce.catch(() => undefined);
  // Asked in the same tick, the probe (when not known yet) and the context share one batch.
  const probing = probeNode(client, options.cache);
  const reading = readSimulationContext(
    client,
    { from: owner, ...fees },
    { balance: true, blockSeconds: options.blockSeconds, known: options.known },
  );
  reading.catch(() => undefined);
  const abilities = await probing;
  const strategy = options.strategy ?? abilities.strategy;
  let context: SimulationContext;
  let first: number | undefined;
  try {
    context = await reading;
    first = await nonce;
  } catch (error) {
    throw failed(error);
  }
  const landing = { first, known: sending?.nonce !== undefined };
  const request = client.request as RawRequest;
  const used = strategy === 'simulateV1' ? 'simulateV1' : 'stateOverride';
  const honored = honorsBlock(used, abilities);
  if (strategy === 'simulateV1') {
    const limited = withLimits(txs, context, sending);
    const formatted = limited.map((tx) => callParams(tx, feeParams(context.fees)));
    const nonces = sending?.nonce === undefined ? undefined : { [owner]: { nonce: toHex(sending.nonce) } };
    let executions: Execution[];
    let answer: unknown;
    try {
      const params = simulateV1BlockParams(formatted, { block: context.block, overrides: nonces });
      answer = await request({ method: 'eth_simulateV1', params });
      executions = parseSimulateV1Calls(answer, txs.length);
    } catch (error) {
      throw failed(error);
    }
    const made = untilFailure(executions);
    const all = combine(made);
    const { logs, changes, approvals } = logChanges(all.logs, all.native, options.savedAbis);
    const found = { logs, changes, approvals, notes: [...all.notes] };
    // A creation's call answers with the runtime code its init code returns.
    const codeSizes = made.map((execution, i) => codeSizeOf(execution.ok, returnDataOf(answer, i)));
    return result('simulateV1', made, limited, options, context, found, batchCreations(owner, txs, landing, codeSizes));
  }
  // The simulator sits at the account in place of any code of its own, as for one transaction.
  if (txs.some(runsOwnCode)) throw new SimulationError('SIMULATION_UNSUPPORTED', msg('core.chain:simulation.ownCode'));
  const asked = batchCall(owner, txs, options.watch?.tokens ?? [], { context, honored }, first);
  let answer: unknown;
  let hashRight = true;
  try {
    // Beside the simulation, in its batch: the node's first preview checks its block overrides.
    const checking = checkPreviousHash(client, options.cache, abilities, { strategy: used, context, honored });
    answer = await request({ method: 'eth_call', params: asked.params });
    hashRight = await checking;
  } catch (error) {
    const chainError = toChainError(error);
    if (isRefusal(chainError)) {
      throw new SimulationError('SIMULATION_UNSUPPORTED', msg('core.chain:simulation.batchUnsupported'), {
        cause: chainError,
      });
    }
    throw failed(chainError);
  }
  const { executions, before, afterEach, codeSizes, landed } = parseBatch(answer, asked.reads, txs);
  const steps = afterEach.map((after) => readingChanges(owner, observe(asked.reads, before, after)));
  const last = steps.at(-1) ?? { changes: [], approvals: [], notes: [] };
  const approvals = widestApprovals(steps.map((step) => step.approvals));
  const detectable = detectableNotes(used, abilities, hashRight);
  const notes = [STATE_OVERRIDE_NOTES.watched, STATE_OVERRIDE_NOTES.unseen, ...last.notes, ...detectable];
  if (approvals.length > last.approvals.length) notes.push(NOTES.between);
  const created = batchCreations(owner, txs, landing, codeSizes);
  // A creation the simulator could not make at its transaction's address: later calls miss it.
  if (landed.some((at, i) => at !== zeroAddress && at !== created[i]?.address)) notes.push(STATE_OVERRIDE_NOTES.create);
  const found = { logs: [], changes: last.changes, approvals, notes };
  return result('stateOverride', executions, txs, options, context, found, created);
}

/** The size of the code a creation's call returned: none when it failed or the answer is not bytes. */
function codeSizeOf(ok: boolean, returned: Hex | undefined): number | undefined {
  return ok && returned !== undefined ? size(returned) : undefined;
}

/**
 * The calls with the gas each is previewed with: the first call's prepared limit when `sending`
 * gives it, and for the others a share of what the sender can pay for (gasWithin), so that a node
 * checking the sender's balance against each call's limit does not refuse a batch it can pay.
 */
function withLimits(
  txs: readonly UnsignedTransaction[],
  context: SimulationContext,
  sending: BatchSending | undefined,
): UnsignedTransaction[] {
  const values = txs.reduce((sum, tx) => sum + (tx.value ?? 0n), 0n);
  const reserved = sending ? sending.gas * feeCap(context.fees) : 0n;
  const spare = context.balance === undefined ? undefined : context.balance - values - reserved;
  const open = sending ? txs.length - 1 : txs.length;
  return txs.map((tx, index) => ({
    ...tx,
    gas: index === 0 && sending ? sending.gas : gasWithin(context, spare, open, intrinsicGas(tx)),
  }));
}

const observe = (reads: BatchRequest['reads'], before: readonly Reading[], after: readonly Reading[]): Observed[] =>
  reads.map((read, i) => ({ meaning: read.meaning, before: before[i] as Reading, after: after[i] as Reading }));

/** What an approval lets its spender take, to keep the widest seen: unlimited, then by amount. */
function reach(approval: ApprovalChange): bigint {
  switch (approval.kind) {
    case 'erc20':
    case 'permit2':
      return approval.unlimited ? MAX_UINT256 : approval.amount;
    case 'erc721':
      return approval.revoked ? 0n : 1n;
    case 'operator':
      return approval.approved ? 1n : 0n;
  }
}

/**
 * The approvals in force after any call of the batch, each at its widest: the transactions are
 * mined apart, so an approval one call grants and a later one withdraws can be used in between.
 */
function widestApprovals(steps: readonly ApprovalChange[][]): ApprovalChange[] {
  const widest = new Map<string, ApprovalChange>();
  for (const approval of steps.flat()) {
    const key = approvalKey(approval);
    const known = widest.get(key);
    if (!known || reach(approval) >= reach(known)) widest.set(key, approval);
  }
  return [...widest.values()];
}

function untilFailure(executions: Execution[]): Execution[] {
  const failure = executions.findIndex((e) => !e.ok);
  return failure < 0 ? executions : executions.slice(0, failure + 1);
}

/** The logs and native transfers of the calls made, in order, as if one execution. */
function combine(executions: readonly Execution[]): Execution {
  const logs = executions.flatMap((e) => e.logs).map((log, logIndex) => ({ ...log, logIndex }));
  return {
    ok: executions.every((e) => e.ok),
    revertData: undefined,
    error: undefined,
    gasUsed: executions.reduce((sum, e) => sum + e.gasUsed, 0n),
    logs,
    native: executions.flatMap((e) => e.native),
    created: executions.flatMap((e) => e.created),
    notes: [...new Set(executions.flatMap((e) => e.notes))],
  };
}

function result(
  strategy: CallsSimulation['strategy'],
  made: readonly Execution[],
  txs: readonly UnsignedTransaction[],
  options: SimulateOptions,
  context: SimulationContext,
  found: Pick<SimulationResult, 'logs' | 'changes' | 'approvals' | 'notes'>,
  created: readonly (CreationPreview | undefined)[],
): CallsSimulation {
  const count = txs.length;
  const previews: CallPreview[] = made.map((execution, index) => {
    const outcome = outcomeOf(execution, txs[index]?.gas, options.contractAbis);
    const creation = created[index];
    return {
      outcome: outcome.ok ? outcome : { ...outcome, call: { index, count } },
      gasUsed: execution.gasUsed,
      ...(creation ? { creation } : {}),
    };
  });
  const failure = previews.find((p) => !p.outcome.ok);
  return {
    strategy,
    advisory: true,
    block: context.block.latest,
    outcome: failure?.outcome ?? { ok: true },
    gasUsed: previews.reduce((sum, p) => sum + p.gasUsed, 0n),
    logs: found.logs,
    changes: found.changes,
    approvals: found.approvals,
    created: made.flatMap((e) => e.created),
    notes: [NOTES.sequential, ...found.notes, NOTES.gas],
    calls: previews,
  };
}

type BatchRequest = { params: unknown[]; reads: ReturnType<typeof planReads> };

/**
 * The simulator's simulateBatch, from the sender to the sender, with its code placed there by a
 * state override, at the price the calls will pay and as the next block (see stateOverrideCall).
 * With a creation in the batch (`first`: its first nonce), the sender's nonce is set one below
 * the first, and the simulator steps it to where the first transaction's creation would land.
 */
function batchCall(
  from: Address,
  txs: readonly UnsignedTransaction[],
  tokens: readonly Address[],
  shape: OverrideShape,
  first: number | undefined,
): BatchRequest {
  const reads = planReads(batchWatchPlan(txs, tokens), from);
  const firstCreated = first === undefined ? zeroAddress : getContractAddress({ from, nonce: BigInt(first) });
  const data = encodeFunctionData({
    abi: SIMULATOR_ABI,
    functionName: 'simulateBatch',
    args: [
      txs.map((tx) => ({
        target: tx.to ? getAddress(tx.to) : zeroAddress,
        value: tx.value ?? 0n,
        data: tx.data ?? '0x',
        isCreate: !tx.to,
      })),
      reads.map(({ target, data, onlyIf }) => ({ target, data, onlyIf: BigInt(onlyIf) })),
      firstCreated,
    ],
  });
  // Each call is charged its own gas when mined; the simulator's one call is charged for all.
  const sender = senderOverride(shape.context, 0n);
  const nonce = first === undefined ? {} : { nonce: toHex(Math.max(first - 1, 0)) };
  const overrides = { [from]: { ...sender, ...nonce } };
  return { params: overrideCallParams(simulatorCall(from, data, shape.context), overrides, shape), reads };
}

/** Reads simulateBatch's answer: each call made, the readings before, and after each call. Throws SIMULATION_FAILED when it is not the simulator's. */
function parseBatch(
  answer: unknown,
  reads: BatchRequest['reads'],
  txs: readonly UnsignedTransaction[],
): {
  executions: Execution[];
  before: readonly Reading[];
  afterEach: readonly (readonly Reading[])[];
  codeSizes: (number | undefined)[];
  /** Where the simulator's creations landed (zero for a call or a failed creation). */
  landed: Address[];
} {
  let decoded: ReturnType<typeof decodeBatch>;
  try {
    decoded = decodeBatch(answer);
  } catch (error) {
    throw failed(new TypeError(`the simulator's answer does not decode: ${(error as Error).message}`));
  }
  const [outcomes, before, afterEach] = decoded;
  const sizes = [before, ...afterEach].every((readings) => readings.length === reads.length);
  if (!sizes || outcomes.length > txs.length || afterEach.length !== outcomes.length || outcomes.length === 0) {
    throw failed(new TypeError('the simulator answered with another number of readings or calls than asked'));
  }
  const executions = outcomes.map((outcome, i): Execution => {
    const tx = txs[i] as UnsignedTransaction;
    return {
      ok: outcome.success,
      revertData: outcome.success ? undefined : outcome.returnData,
      error: undefined,
      gasUsed: transactionGas(tx, outcome.gasUsed),
      logs: [],
      native: [],
      created: [],
      notes: [],
    };
  });
  const codeSizes = outcomes.map((outcome) => (outcome.success ? Number(outcome.codeSize) : undefined));
  const landed = outcomes.map((outcome) => outcome.created);
  return { executions, before, afterEach, codeSizes, landed };
}

function decodeBatch(answer: unknown) {
  if (typeof answer !== 'string' || !answer.startsWith('0x')) throw new Error('not hex');
  return decodeFunctionResult({ abi: SIMULATOR_ABI, functionName: 'simulateBatch', data: answer as Hex });
}
