import { type Abi, type Address, formatTransactionRequest, getAddress, type Hex, toHex } from 'viem';
import { type ChainClient, nodeKey } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import type { SavedAbi } from '../contracts/decode/abiIndex';
import { decodeRevert, revertReason } from '../contracts/decode/errors';
import { isCairnError } from '../errors/base';
import { findNamed } from '../errors/causeChain';
import { SimulationError } from '../errors/simulation';
import { reasonMessage } from '../errors/theirWords';
import { type Message, msg } from '../i18n/message';
import type { NextBlockRun } from '../verify/callEffects';
import { askPreviousHash, type OverrideMethod } from './blockOverrideProbe';
import { CALL_TRACER, parseCallTracer } from './callTracer';
import { logChanges } from './changes';
import { createdAddress, isCreation, runtimeCodeSize } from './creation';
import {
  blockOverrides,
  type FeeFields,
  feeParams,
  gasWithin,
  type KnownChain,
  pinnedFees,
  readSimulationContext,
  type SimulationContext,
} from './nextBlock';
import { senderDelegate, upgradesGas, usedStrategy } from './ownCode';
import { type NodeAbilities, type ProbeCache, probeNode, recordPreviousHash } from './probe';
import type { ReadingChanges } from './readings';
import { parseSimulateV1, simulateV1Params } from './simulateV1';
import { intrinsicGas, parseStateOverride, stateOverrideCall, upgradeOverrides } from './stateOverride';
import { parseStructLogs, STRUCT_LOGGER } from './structLogs';
import type { Execution, SimulationOutcome, SimulationResult, SimulationStrategy, UnsignedTransaction } from './types';

export type SimulateOptions = {
  cache: ProbeCache;
  /** Use this strategy instead of the probed one (tests, benches); the node may refuse it. */
  strategy?: SimulationStrategy;
  /**
   * Assets to watch besides those the transaction names: the person's portfolio tokens. Only the
   * `stateOverride` strategy needs them (it reads balances instead of logs); others ignore them.
   */
  watch?: { tokens: readonly Address[] };
  /** ABIs the person saved, to decode logs of their contracts. */
  savedAbis?: readonly SavedAbi[];
  /** ABIs of the called contract, to decode a custom error it reverts with. */
  contractAbis?: readonly Abi[];
  /** Seconds between blocks on this network, for the next block's time (12 when not given). */
  blockSeconds?: number;
  /**
   * For a batch of calls: its first call as prepared to be sent (fee fields, gas limit, nonce).
   * Every call is previewed with these fees, the later ones with the nonces after it; without it,
   * at the node's gas price. See simulateCalls.
   */
  sending?: BatchSending | undefined;
  /** What the caller read already of the chain now (see knownReads): not asked again. */
  known?: KnownChain | undefined;
};

/**
 * How the first call of a batch is sent, as Send prepared it; for an atomic batch, its one
 * transaction (see smartAccount/batchPreview.ts, which previews that transaction itself).
 */
export type BatchSending = { fees: FeeFields; gas: bigint; nonce?: number | undefined };

type RawRequest = (args: { method: string; params: unknown[] }) => Promise<unknown>;

/** What a preview cannot hide from the contracts it runs. */
export const DETECTABLE_NOTES = {
  /** The node would not run the call as the next block: its base fee (block.basefee) is not the real one. */
  block: msg('core.chain:simulation.note.blockContext'),
  /** The simulator sits at the sender's address: code there is visible to the contract. */
  senderCode: msg('core.chain:simulation.note.senderCode'),
} as const;

/**
 * What `tx` would do if it were mined in the next block: outcome, gas, decoded logs, the asset
 * changes of every address and the approvals it sets, through the best strategy the node offers
 * (probed once per node). It runs with the transaction's fee fields (the node's gas price when it
 * names none), gas limit and nonce, as the next block: its number, time and base fee, read in one
 * round trip beside the probe (none of it that `options.known` gives). Where the node cannot run
 * it so, or the strategy shows itself to the contract, the result's notes say so. The result is
 * advisory.
 *
 * Codes: SIMULATION_UNSUPPORTED (the node offers no strategy), SIMULATION_TOO_LARGE (the trace is
 * beyond what is read), SIMULATION_FAILED (the node failed or refused the simulation: its own
 * sentence is in the message), and the ChainError of a node that fails while being probed.
 */
export async function simulateTransaction(
  client: ChainClient,
  tx: UnsignedTransaction,
  options: SimulateOptions,
): Promise<SimulationResult> {
  const known = await knownStrategy(client, options);
  // Asked in the same tick, the probe (when not known yet) and the context share one batch. The
  // balance is read where it is needed: for the stateOverride strategy, and to fit a limit.
  const probing = probeNode(client, options.cache);
  const balance =
    tx.gas === undefined || known === undefined || usedStrategy(known, tx, options.strategy) === 'stateOverride';
  const reading = readSimulationContext(client, tx, {
    balance,
    blockSeconds: options.blockSeconds,
    known: options.known,
  });
  reading.catch(() => undefined);
  const abilities = await probing;
  let strategy = usedStrategy(abilities.strategy, tx, options.strategy);
  const isCreate = isCreation(tx);
  let ran: Ran;
  let context: SimulationContext;
  let hashRight = true;
  let created: Address | undefined;
  let codeSize: Promise<number | undefined> | undefined;
  try {
    context = await reading;
    const limited = tx.gas === undefined ? { ...tx, gas: gasFor(context, tx) } : tx;
    created = isCreate ? await createdAddress(client, limited) : undefined;
    // Beside the simulation, in its batch: the runtime code a creation's init code returns.
    codeSize = created ? runtimeCodeSize(client, limited) : undefined;
    const asked = { strategy, context, honored: honorsBlock(strategy, abilities) };
    // Beside the simulation, in its batch: the node's first preview checks its block overrides.
    const checking = checkPreviousHash(client, options.cache, abilities, asked);
    const tokens = options.watch?.tokens ?? [];
    try {
      ran = await run(client, asked, limited, created, tokens);
    } catch (error) {
      // A step-by-step trace too large to read (a swap through Uniswap's pools, memory at every
      // step) where the node has nothing lighter: the same call, reading balances by state overrides.
      if (strategy !== 'structLogs' || options.strategy || failed(error).code !== 'SIMULATION_TOO_LARGE') throw error;
      strategy = 'stateOverride';
      // That strategy raises the sender's balance by what the call's gas costs: it needs the balance.
      if (context.balance === undefined)
        context = await readSimulationContext(client, tx, {
          balance: true,
          blockSeconds: options.blockSeconds,
          known: options.known,
        });
      ran = await run(
        client,
        { strategy, context, honored: honorsBlock(strategy, abilities) },
        limited,
        created,
        tokens,
      );
    }
    hashRight = await checking;
    const addsCreated = strategy === 'simulateV1' || strategy === 'stateOverride';
    if (created && addsCreated && ran.execution.ok) ran.execution.created.unshift(created);
  } catch (error) {
    throw failed(error);
  }
  const { execution, readings } = ran;
  const { logs, changes, approvals } = readings
    ? { logs: [], ...readings }
    : logChanges(execution.logs, execution.native, options.savedAbis);
  return {
    strategy,
    advisory: true,
    block: context.block.latest,
    ranAs: honorsBlock(strategy, abilities) ? ranAsNext(context, hashRight) : undefined,
    outcome: outcomeOf(execution, tx.gas, options.contractAbis),
    gasUsed: execution.gasUsed,
    logs,
    changes,
    approvals,
    created: execution.created,
    creation: created && { address: created, codeSize: await codeSize, nonceKnown: tx.nonce !== undefined },
    notes: [...execution.notes, ...(readings?.notes ?? []), ...detectableNotes(strategy, abilities, hashRight)],
  };
}

/** The next block a preview the node ran as told ran as (`previousHash`: whether its overrides gave the latest block's hash). */
function ranAsNext(context: SimulationContext, previousHash: boolean): NextBlockRun {
  const { block, gasPrice } = context;
  return { number: block.number, timestamp: block.timestamp, baseFee: block.baseFee, gasPrice, previousHash };
}

/** The strategy a preview will use, when known without asking the node (given, or probed before). */
async function knownStrategy(client: ChainClient, options: SimulateOptions): Promise<SimulationStrategy | undefined> {
  if (options.strategy) return options.strategy;
  const probed = options.cache.get(nodeKey(client));
  return probed ? (await probed.catch(() => undefined))?.strategy : undefined;
}

/** The gas a transaction without a limit is previewed with: what its sender can pay for (gasWithin). */
function gasFor(context: SimulationContext, tx: UnsignedTransaction): bigint {
  const spare = context.balance === undefined ? undefined : context.balance - (tx.value ?? 0n);
  return gasWithin(context, spare, 1, intrinsicGas(tx));
}

/** The method whose block overrides a strategy relies on (eth_simulateV1 relies on none: it builds the block). */
export function overrideMethod(strategy: SimulationStrategy): OverrideMethod | undefined {
  if (strategy === 'simulateV1') return undefined;
  return strategy === 'stateOverride' ? 'call' : 'trace';
}

/**
 * On a node's first preview through block overrides, asks whether they give the previous block's
 * hash (askPreviousHash), in the same tick as the simulation so both travel in one batch, and
 * keeps the answer for the session. Resolves true when nothing needed asking; false when the hash
 * was wrong, and when the node could not tell (then it is asked again at the next preview, for a
 * failure says nothing of its overrides).
 */
export function checkPreviousHash(
  client: ChainClient,
  cache: ProbeCache,
  abilities: NodeAbilities,
  asked: Pick<Asked, 'strategy' | 'context' | 'honored'>,
): Promise<boolean> {
  const method = overrideMethod(asked.strategy);
  if (!method || !asked.honored || abilities.blockOverrides.checked?.[method]) return Promise.resolve(true);
  return askPreviousHash(client, method, asked.context.block).then((right) => {
    if (right === undefined) return false;
    recordPreviousHash(client, cache, abilities, method, right);
    return right;
  });
}

/** Whether the node runs this strategy's method as the block it is told to. */
export function honorsBlock(strategy: SimulationStrategy, abilities: NodeAbilities): boolean {
  if (strategy === 'simulateV1') return true;
  return strategy === 'stateOverride' ? abilities.blockOverrides.call : abilities.blockOverrides.trace;
}

/**
 * The notes saying how a contract could tell this preview from the mined transaction; `hashRight`
 * false when the block overrides it ran with left the previous block's hash at 0.
 */
export function detectableNotes(strategy: SimulationStrategy, abilities: NodeAbilities, hashRight = true): Message[] {
  const notes: Message[] = [];
  if (!honorsBlock(strategy, abilities) || !hashRight) notes.push(DETECTABLE_NOTES.block);
  if (strategy === 'stateOverride') notes.push(DETECTABLE_NOTES.senderCode);
  return notes;
}

/** What a strategy gives: the execution, and for `stateOverride` the changes its readings show. */
type Ran = { execution: Execution; readings?: ReadingChanges | undefined };

/** How one preview is asked: the strategy, the next block, and whether the node applies block overrides. */
export type Asked = { strategy: SimulationStrategy; context: SimulationContext; honored: boolean };

async function run(
  client: ChainClient,
  { strategy, context, honored }: Asked,
  tx: UnsignedTransaction,
  created: Address | undefined,
  tokens: readonly Address[],
): Promise<Ran> {
  const request = client.request as RawRequest;
  switch (strategy) {
    case 'simulateV1': {
      const call = callParams(tx, feeParams(context.fees));
      // The sender may have both: its upgrade's designator and its nonce.
      const overrides: Record<string, { nonce?: Hex; code?: Hex }> = upgradeOverrides(tx);
      for (const [address, nonce] of Object.entries(nonceOverride(tx) ?? {}))
        overrides[address] = { ...overrides[address], ...nonce };
      const params = simulateV1Params(call, { block: context.block, overrides });
      const execution = parseSimulateV1(await request({ method: 'eth_simulateV1', params }));
      // The designators stand for authorizations the transaction will carry: their intrinsic cost too.
      return { execution: { ...execution, gasUsed: execution.gasUsed + upgradesGas(tx) } };
    }
    case 'callTracer': {
      const answer = await request({
        method: 'debug_traceCall',
        params: traceParams(tx, context, honored, CALL_TRACER),
      });
      return { execution: parseCallTracer(answer) };
    }
    case 'structLogs': {
      const params = traceParams(tx, context, honored, STRUCT_LOGGER);
      const answer = await request({ method: 'debug_traceCall', params });
      const self = created ?? (tx.to as Address);
      const traced = { from: tx.from, self, value: tx.value ?? 0n, isCreate: created !== undefined };
      return { execution: parseStructLogs(answer, traced) };
    }
    case 'stateOverride': {
      const asked = stateOverrideCall(tx, tokens, { context, honored }, await senderDelegate(client, tx));
      const answer = await request({ method: asked.method, params: asked.params });
      return parseStateOverride(answer, asked, tx);
    }
  }
}

/** `tx` as a JSON-RPC call object, its own fee fields replaced by `fees`. */
export function callParams(tx: UnsignedTransaction, fees: Record<string, Hex>): Record<string, unknown> {
  const { to, gasPrice: _price, maxFeePerGas: _max, maxPriorityFeePerGas: _tip, ...rest } = tx;
  // The union of viem's request types does not admit every mix of fields; the node judges that.
  const fields = (to ? { ...rest, to } : rest) as Parameters<typeof formatTransactionRequest>[0];
  // A type-4 transaction has EIP-1559 fees only: a price as both cap and tip pays the same.
  const { gasPrice, ...others } = fees;
  const typed =
    tx.authorizationList?.length && gasPrice
      ? { ...others, maxFeePerGas: gasPrice, maxPriorityFeePerGas: gasPrice }
      : fees;
  return { ...(formatTransactionRequest(fields) as Record<string, unknown>), ...typed };
}

/**
 * debug_traceCall's parameters: as the next block, by block overrides, where the node applies
 * them; elsewhere on its pending block with the price it will pay fixed (a node that ignores the
 * override, as Hardhat does, runs calls at a base fee of 0, where the offered tip alone would be
 * the price).
 */
function traceParams(
  tx: UnsignedTransaction,
  context: SimulationContext,
  honored: boolean,
  tracer: Record<string, unknown>,
): unknown[] {
  if (honored) {
    return [
      callParams(tx, feeParams(context.fees)),
      'latest',
      { ...tracer, blockOverrides: blockOverrides(context.block) },
    ];
  }
  return [callParams(tx, pinnedFees(context)), 'pending', tracer];
}

/** The nonce the sender is given for eth_simulateV1's checks: the transaction's own (a later one waits behind others). */
function nonceOverride(tx: UnsignedTransaction): Record<string, { nonce: Hex }> | undefined {
  return tx.nonce === undefined ? undefined : { [getAddress(tx.from)]: { nonce: toHex(tx.nonce) } };
}

/** The outcome of an execution: its revert decoded, or the node's words, or running out of `gasLimit`. */
export function outcomeOf(
  execution: Execution,
  gasLimit: bigint | undefined,
  contractAbis: readonly Abi[] = [],
): SimulationOutcome {
  if (execution.ok) return { ok: true };
  const revertData: Hex | undefined = execution.revertData;
  const revert = revertData ? decodeRevert(revertData, contractAbis) : undefined;
  // A trace without revert data that used every unit of its limit ran out of gas.
  const outOfGas =
    gasLimit !== undefined && execution.gasUsed >= gasLimit
      ? msg('core.chain:simulation.outOfGas', { gas: gasLimit })
      : undefined;
  const reason = revert
    ? reasonMessage(revertReason(revert))
    : (execution.error ?? outOfGas ?? msg('core.chain:simulation.failsSilently'));
  return { ok: false, reason, revert, revertData };
}

/** Every failure of a simulation as a SimulationError, with the node's sentence and no raw request in it. */
export function failed(error: unknown): SimulationError {
  if (error instanceof SimulationError) return error;
  // A trace past what the transport reads (viem's response size cap) is too large, not a failure.
  if (findNamed(error, 'ResponseBodyTooLargeError')) {
    return new SimulationError('SIMULATION_TOO_LARGE', msg('core.chain:simulation.traceTooLarge'), { cause: error });
  }
  if (error instanceof TypeError) {
    return new SimulationError('SIMULATION_FAILED', msg('core.chain:simulation.unreadable'), {
      details: error.message,
      cause: error,
    });
  }
  const chainError = isCairnError(error) ? error : toChainError(error);
  return new SimulationError('SIMULATION_FAILED', msg('core.chain:simulation.failed', { reason: chainError.text }), {
    details: chainError.details,
    cause: chainError,
  });
}
