import { type Abi, type Address, formatTransactionRequest, getContractAddress, type Hex } from 'viem';
import { getTransactionCount } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { reasonMessage } from '../chain/theirWords';
import { toChainError } from '../chain/toChainError';
import type { SavedAbi } from '../contracts/decode/abiIndex';
import { decodeRevert, revertReason } from '../contracts/decode/errors';
import { isCairnError } from '../errors/base';
import { findNamed } from '../errors/causeChain';
import { SimulationError } from '../errors/simulation';
import { msg } from '../i18n/message';
import { CALL_TRACER, parseCallTracer } from './callTracer';
import { logChanges } from './changes';
import { type ProbeCache, probeStrategy } from './probe';
import type { ReadingChanges } from './readings';
import { parseSimulateV1, simulateV1Params } from './simulateV1';
import { parseStateOverride, stateOverrideCall } from './stateOverride';
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
};

type RawRequest = (args: { method: string; params: unknown[] }) => Promise<unknown>;

/**
 * What `tx` would do if it were mined on top of the latest block: outcome, gas, decoded logs, the
 * asset changes of every address and the approvals it sets, through the best strategy the node
 * offers (probed once per node). The result is advisory.
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
  const strategy = options.strategy ?? (await probeStrategy(client, options.cache));
  const isCreate = tx.to === undefined || tx.to === null;
  let ran: Ran;
  try {
    const created = isCreate ? await createdAddress(client, tx) : undefined;
    ran = await run(client, strategy, tx, created, options.watch?.tokens);
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
    outcome: outcomeOf(execution, tx.gas, options.contractAbis),
    gasUsed: execution.gasUsed,
    logs,
    changes,
    approvals,
    created: execution.created,
    notes: [...execution.notes, ...(readings?.notes ?? [])],
  };
}

/** What a strategy gives: the execution, and for `stateOverride` the changes its readings show. */
type Ran = { execution: Execution; readings?: ReadingChanges | undefined };

async function createdAddress(client: ChainClient, tx: UnsignedTransaction): Promise<Address> {
  const nonce = tx.nonce ?? (await getTransactionCount(client, { address: tx.from, blockTag: 'latest' }));
  return getContractAddress({ from: tx.from, nonce: BigInt(nonce) });
}

async function run(
  client: ChainClient,
  strategy: SimulationStrategy,
  tx: UnsignedTransaction,
  created: Address | undefined,
  tokens: readonly Address[] | undefined,
): Promise<Ran> {
  const request = client.request as RawRequest;
  const { to, ...rest } = tx;
  // The union of viem's request types does not admit a mix of fee fields; the node judges that.
  const fields = (to ? { ...rest, to } : rest) as Parameters<typeof formatTransactionRequest>[0];
  const call = formatTransactionRequest(fields) as Record<string, unknown>;
  switch (strategy) {
    case 'simulateV1':
      return {
        execution: parseSimulateV1(await request({ method: 'eth_simulateV1', params: simulateV1Params(call) })),
      };
    case 'callTracer': {
      const answer = await request({ method: 'debug_traceCall', params: [call, 'latest', CALL_TRACER] });
      return { execution: parseCallTracer(answer) };
    }
    case 'structLogs': {
      const answer = await request({ method: 'debug_traceCall', params: [call, 'latest', STRUCT_LOGGER] });
      const self = created ?? (to as Address);
      const traced = { from: tx.from, self, value: tx.value ?? 0n, isCreate: created !== undefined };
      return { execution: parseStructLogs(answer, traced) };
    }
    case 'stateOverride': {
      const asked = stateOverrideCall(tx, tokens);
      const answer = await request({ method: asked.method, params: asked.params });
      return parseStateOverride(answer, asked, tx);
    }
  }
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
