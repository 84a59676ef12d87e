import { zeroAddress } from 'viem';
import { type ChainClient, nodeKey } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import { findNamed } from '../errors/causeChain';
import { ChainError } from '../errors/chain';
import { SimulationError } from '../errors/simulation';
import { msg } from '../i18n/message';
import { isRecord } from '../text/guards';
import { askBlockOverrides, type BlockOverrideSupport, type OverrideMethod } from './blockOverrideProbe';
import { CALL_TRACER } from './callTracer';
import { SIMULATION_STRATEGIES, type SimulationStrategy } from './types';

/** What a node offers a preview: the best strategy, and whether it runs a call as the block it is told to. */
export type NodeAbilities = { strategy: SimulationStrategy; blockOverrides: BlockOverrideSupport };

/** What was found for each node, by nodeKey; kept in memory for the session. */
export type ProbeCache = Map<string, Promise<NodeAbilities>>;

export function createProbeCache(): ProbeCache {
  return new Map();
}

type RawRequest = (args: { method: string; params: unknown[] }) => Promise<unknown>;

/** Code that returns the word 0x2a: PUSH1 0x2a PUSH1 0 MSTORE PUSH1 0x20 PUSH1 0 RETURN. */
const ANSWER_CODE = '0x602a60005260206000f3';
const ANSWER = `0x${'2a'.padStart(64, '0')}`;

/** The smallest request that shows whether the node offers each strategy. */
const PROBES: Record<SimulationStrategy, { method: string; params: unknown[] }> = {
  simulateV1: { method: 'eth_simulateV1', params: [{ blockStateCalls: [{ calls: [] }] }, 'latest'] },
  callTracer: { method: 'debug_traceCall', params: [{ to: zeroAddress }, 'latest', CALL_TRACER] },
  structLogs: {
    method: 'debug_traceCall',
    params: [{ to: zeroAddress }, 'latest', { disableStorage: true, disableMemory: true, disableStack: true }],
  },
  // The zero address given code that answers 0x2a: a node that ignores the override answers '0x'.
  stateOverride: {
    method: 'eth_call',
    params: [{ to: zeroAddress }, 'latest', { [zeroAddress]: { code: ANSWER_CODE } }],
  },
};

/** HTTP answers by which a gateway refuses one method while serving others. */
const REFUSING_STATUSES = new Set([403, 404, 405, 501]);

/**
 * A refusal of the method or its parameters, as opposed to a node that cannot be reached or
 * fails: the method is unknown (the node error table), the tracer or its options are refused
 * (invalid params to a well-formed request), or a gateway forbids the method.
 */
export function isRefusal(error: ChainError): boolean {
  if (error.code === 'CHAIN_METHOD_UNSUPPORTED') return true;
  if (error.code === 'CHAIN_RPC_ERROR' && findNamed(error, 'InvalidParamsRpcError')) return true;
  const status = findNamed<Error & { status?: number }>(error, 'HttpRequestError')?.status;
  return status !== undefined && REFUSING_STATUSES.has(status);
}

type Answer = { ok: true } | { ok: false; error: ChainError };

async function ask(client: ChainClient, strategy: SimulationStrategy): Promise<Answer> {
  try {
    const answer = await (client.request as RawRequest)(PROBES[strategy]);
    if (strategy === 'stateOverride' && answer !== ANSWER) return { ok: false, error: overridesIgnored(answer) };
    return { ok: true };
  } catch (error) {
    return { ok: false, error: toChainError(error) };
  }
}

/** A node that answers eth_call but leaves its state override aside refuses the strategy. */
function overridesIgnored(answer: unknown): ChainError {
  return new ChainError('CHAIN_METHOD_UNSUPPORTED', msg('core.chain:node.overridesIgnored'), {
    details: `eth_call with a code override answered ${String(answer).slice(0, 80)}`,
  });
}

const isHttpRefusal = (answer: Answer) =>
  !answer.ok && answer.error.code !== 'CHAIN_METHOD_UNSUPPORTED' && isRefusal(answer.error);

/** Failures that say nothing about the method: asked again later, the better strategy may answer. */
const PASSING = new Set(['CHAIN_UNREACHABLE', 'CHAIN_TIMEOUT', 'CHAIN_RATE_LIMITED']);

type Probed = NodeAbilities & { final: boolean };

async function probe(client: ChainClient): Promise<Probed> {
  // Asked together, the probes travel as one JSON-RPC batch: one round trip.
  const [first, overrides] = await Promise.all([
    Promise.all(SIMULATION_STRATEGIES.map((s) => ask(client, s))),
    askBlockOverrides(client),
  ]);
  let answers = first;
  let blockOverrides = overrides;
  // A gateway refusing one method by HTTP status refuses the whole batch: ask again one by one.
  if (answers.some(isHttpRefusal)) {
    answers = [];
    for (const strategy of SIMULATION_STRATEGIES) {
      const answer = await ask(client, strategy);
      answers.push(answer);
      if (answer.ok) break;
    }
    blockOverrides = await askBlockOverrides(client);
  }
  // The first strategy that works wins, even past one that failed for another reason than a
  // refusal (a method that crashes on the node, as eth_simulateV1 has on some builds): the node answered.
  const found = answers.findIndex((answer) => answer.ok);
  if (found >= 0) {
    // A better strategy that failed only for the moment (time-out, rate limit) is asked again next time.
    const final = !answers.slice(0, found).some((a) => !a.ok && PASSING.has(a.error.code));
    return { strategy: SIMULATION_STRATEGIES[found] as SimulationStrategy, blockOverrides, final };
  }
  const failure = answers.find((answer) => !answer.ok && !isRefusal(answer.error));
  if (failure && !failure.ok) throw failure.error;
  throw new SimulationError('SIMULATION_UNSUPPORTED', msg('core.chain:simulation.unsupported'));
}

/** The best strategy the node offers (see probeNode). */
export function probeStrategy(client: ChainClient, cache: ProbeCache): Promise<SimulationStrategy> {
  return probeNode(client, cache).then((abilities) => abilities.strategy);
}

/**
 * The best strategy the node offers and whether it takes block overrides, probed once per node
 * in one round trip (an answer is cached, a failure is not, nor a strategy chosen while a better
 * one timed out or was rate-limited).
 * Throws SIMULATION_UNSUPPORTED when the node refuses every strategy, and the ChainError
 * (CHAIN_UNREACHABLE, CHAIN_TIMEOUT, CHAIN_NODE_ERROR…) when no strategy works and one failed
 * otherwise.
 */
export function probeNode(client: ChainClient, cache: ProbeCache): Promise<NodeAbilities> {
  const key = nodeKey(client);
  let found = cache.get(key);
  if (!found) {
    const probed = probe(client);
    found = probed.then(({ strategy, blockOverrides }) => ({ strategy, blockOverrides }));
    cache.set(key, found);
    const forget = () => {
      if (cache.get(key) === found) cache.delete(key);
    };
    // "No strategy" is an answer to keep; a node that failed is asked again next time, and so is
    // one whose better strategy failed only for the moment.
    probed.then(
      (p) => {
        if (!p.final) forget();
      },
      (error: unknown) => {
        if (!(error instanceof SimulationError)) forget();
      },
    );
  }
  return found;
}

/**
 * Keeps what a preview found of the node's block overrides through `method` (askPreviousHash),
 * beside the `abilities` it ran with: when they leave the previous block's hash at 0, later
 * previews take them as not applied (and run on the pending block, with the note); either way the
 * node is not asked again this session.
 */
export function recordPreviousHash(
  client: ChainClient,
  cache: ProbeCache,
  abilities: NodeAbilities,
  method: OverrideMethod,
  right: boolean,
): void {
  const { strategy, blockOverrides } = abilities;
  const checked = { ...blockOverrides.checked, [method]: true };
  cache.set(
    nodeKey(client),
    Promise.resolve({
      strategy,
      blockOverrides: { ...blockOverrides, [method]: blockOverrides[method] && right, checked },
    }),
  );
}

/** How long a node's abilities kept between windows stand before it is probed again. */
export const KEEP_ABILITIES_MS = 24 * 60 * 60 * 1000;

/** A node's abilities as kept between windows and visits (see keptAbilities), with when they were found. */
export type KeptAbilities = { abilities: NodeAbilities; at: number };

const isFlag = (value: unknown) => value === undefined || typeof value === 'boolean';

/**
 * A node's abilities read back from where they were kept (a browser's storage, which anything
 * may have written): only in exactly the shape written, and only while younger than
 * KEEP_ABILITIES_MS at `now`; else undefined, and the node is probed again.
 */
export function keptAbilities(value: unknown, now: number): NodeAbilities | undefined {
  if (!isRecord(value) || typeof value.at !== 'number' || !isRecord(value.abilities)) return undefined;
  if (!(now - value.at >= 0 && now - value.at < KEEP_ABILITIES_MS)) return undefined;
  const { strategy, blockOverrides } = value.abilities;
  if (!SIMULATION_STRATEGIES.includes(strategy as SimulationStrategy) || !isRecord(blockOverrides)) return undefined;
  const { call, trace, checked } = blockOverrides;
  if (typeof call !== 'boolean' || typeof trace !== 'boolean') return undefined;
  if (checked !== undefined && !(isRecord(checked) && isFlag(checked.call) && isFlag(checked.trace))) return undefined;
  const seen = checked && {
    ...(checked.call === undefined ? {} : { call: checked.call as boolean }),
    ...(checked.trace === undefined ? {} : { trace: checked.trace as boolean }),
  };
  return {
    strategy: strategy as SimulationStrategy,
    blockOverrides: { call, trace, ...(seen ? { checked: seen } : {}) },
  };
}
