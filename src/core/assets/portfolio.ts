import { type Address, decodeFunctionData, decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { call, getBalance, getBlock } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import {
  aggregate3,
  type Call3,
  type CallOutcome,
  firstWord,
  multicall3Abi,
  multicallAddress,
} from '../chain/multicall';
import { noteMulticall, probeMulticall } from '../chain/multicallProbe';
import { toChainError } from '../chain/toChainError';
import { feedAbi } from '../prices/feedAbi';
import type { UptimeRound } from '../prices/sequencerUptime';

export type PortfolioRequest = {
  accounts: readonly Address[];
  tokens: readonly Address[];
  /** Price feeds to read, each under a key (the asset: 'native' or a token address). */
  feeds: readonly { key: string; address: Address }[];
  /**
   * The network's L2 sequencer uptime feed (sequencerUptimeFeedFor), whose latest round is read in
   * the same aggregate3 as the rest: what an L2's prices may be used on (core/assets/l2Pricing.ts).
   */
  sequencer?: Address | undefined;
};

/** A feed's answer: `roundId` is the proxy's round (see core/prices/rounds), `updatedAt` unix seconds. */
export type FeedAnswer = { answer: bigint; decimals: number; updatedAt: number; roundId: bigint };

/** Balances and prices as of one block. Keys are lower-case addresses; a missing entry means the read failed. */
export type PortfolioSnapshot = {
  blockNumber: bigint;
  /** Block time, seconds since epoch. */
  timestamp: number;
  native: Map<string, bigint>;
  tokens: Map<string, Map<string, bigint>>;
  prices: Map<string, FeedAnswer>;
  /** The sequencer uptime feed's latest round, when the request named one and it answered. */
  sequencer?: UptimeRound | undefined;
  via: 'multicall' | 'batch';
};

type Planned =
  | { kind: 'native'; account: string }
  | { kind: 'token'; account: string; token: string }
  | { kind: 'feedDecimals'; key: string }
  | { kind: 'feedRound'; key: string }
  | { kind: 'sequencer' }
  | { kind: 'block' }
  | { kind: 'time' };

/** The calls of a read, Multicall3's own (block, time, ETH balances) to the one at `multicall`. */
function plan(request: PortfolioRequest, multicall: Address): { planned: Planned[]; calls: Call3[] } {
  const planned: Planned[] = [{ kind: 'block' }, { kind: 'time' }];
  const calls: Call3[] = [
    {
      target: multicall,
      allowFailure: true,
      callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getBlockNumber' }),
    },
    {
      target: multicall,
      allowFailure: true,
      callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' }),
    },
  ];
  for (const account of request.accounts) {
    planned.push({ kind: 'native', account: account.toLowerCase() });
    calls.push({
      target: multicall,
      allowFailure: true,
      callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [account] }),
    });
    const balanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [account] });
    for (const token of request.tokens) {
      planned.push({ kind: 'token', account: account.toLowerCase(), token: token.toLowerCase() });
      calls.push({ target: token, allowFailure: true, callData: balanceOf });
    }
  }
  const decimals = encodeFunctionData({ abi: feedAbi, functionName: 'decimals' });
  const round = encodeFunctionData({ abi: feedAbi, functionName: 'latestRoundData' });
  for (const feed of request.feeds) {
    planned.push({ kind: 'feedDecimals', key: feed.key }, { kind: 'feedRound', key: feed.key });
    calls.push(
      { target: feed.address, allowFailure: true, callData: decimals },
      { target: feed.address, allowFailure: true, callData: round },
    );
  }
  if (request.sequencer) {
    planned.push({ kind: 'sequencer' });
    calls.push({ target: request.sequencer, allowFailure: true, callData: round });
  }
  return { planned, calls };
}

function assemble(planned: Planned[], results: (Hex | undefined)[], via: PortfolioSnapshot['via']): PortfolioSnapshot {
  const snapshot: PortfolioSnapshot = {
    blockNumber: 0n,
    timestamp: 0,
    native: new Map(),
    tokens: new Map(),
    prices: new Map(),
    via,
  };
  const feedDecimals = new Map<string, number>();
  planned.forEach((item, i) => {
    const data = results[i];
    switch (item.kind) {
      case 'block':
        snapshot.blockNumber = firstWord(data) ?? 0n;
        break;
      case 'time':
        snapshot.timestamp = Number(firstWord(data) ?? 0n);
        break;
      case 'native': {
        const value = firstWord(data);
        if (value !== undefined) snapshot.native.set(item.account, value);
        break;
      }
      case 'token': {
        const value = firstWord(data);
        if (value === undefined) break;
        const perAccount = snapshot.tokens.get(item.account) ?? new Map<string, bigint>();
        perAccount.set(item.token, value);
        snapshot.tokens.set(item.account, perAccount);
        break;
      }
      case 'feedDecimals': {
        const value = firstWord(data);
        if (value !== undefined && value <= 36n) feedDecimals.set(item.key, Number(value));
        break;
      }
      case 'feedRound': {
        if (!data || data.length < 2 + 64 * 5) break;
        const [roundId, answer, , updatedAt] = decodeFunctionResult({
          abi: feedAbi,
          functionName: 'latestRoundData',
          data,
        });
        const decimals = feedDecimals.get(item.key);
        if (decimals !== undefined && answer > 0n)
          snapshot.prices.set(item.key, { answer, decimals, updatedAt: Number(updatedAt), roundId });
        break;
      }
      case 'sequencer': {
        if (!data || data.length < 2 + 64 * 5) break;
        const [, answer, startedAt] = decodeFunctionResult({ abi: feedAbi, functionName: 'latestRoundData', data });
        // A time past 2^53 is no time (sequencerVerdict takes it as unknown, as a round not read).
        snapshot.sequencer = {
          answer,
          startedAt: startedAt <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(startedAt) : 0,
        };
        break;
      }
    }
  });
  return snapshot;
}

const answered = (outcomes: readonly CallOutcome[]) =>
  outcomes.map((outcome) => (outcome.ok ? outcome.data : undefined));

/** The calls through aggregate3, every one of one block (aggregate3 sees to it). */
async function viaMulticall(client: ChainClient, calls: Call3[], blockNumber?: bigint): Promise<(Hex | undefined)[]> {
  return answered(await aggregate3(client, calls, undefined, blockNumber));
}

/**
 * The same reads without Multicall3: plain calls issued together, so the client sends them as
 * one JSON-RPC batch. A call that reverts counts as a failed read; the node failing fails all.
 */
async function viaBatch(
  client: ChainClient,
  planned: Planned[],
  calls: Call3[],
  blockNumber?: bigint,
): Promise<(Hex | undefined)[]> {
  const block =
    blockNumber === undefined ? getBlock(client, { blockTag: 'latest' }) : getBlock(client, { blockNumber });
  const pad = (value: bigint): Hex => `0x${value.toString(16).padStart(64, '0')}`;
  const answers = Promise.all(
    planned.map(async (item, i): Promise<Hex | undefined> => {
      const c = calls[i] as Call3;
      try {
        if (item.kind === 'block') return pad((await block).number);
        if (item.kind === 'time') return pad((await block).timestamp);
        if (item.kind === 'native') {
          const { args } = decodeFunctionData({ abi: multicall3Abi, data: c.callData });
          return pad(await getBalance(client, { address: args?.[0] as Address, blockNumber }));
        }
        return (await call(client, { to: c.target, data: c.callData, blockNumber })).data;
      } catch {
        return undefined;
      }
    }),
  );
  await block;
  return answers;
}

/**
 * Reads native and token balances of every account, the price feeds and the network's sequencer
 * uptime feed (when the request names one), in as few HTTP
 * requests as possible: one Multicall3 aggregate3 per 1,000 calls, all sent as one JSON-RPC
 * batch, through the network's Multicall3 (the canonical one, or its own: multicallAddress).
 * `multicall` says whether it is known to be deployed (knownMulticall); when unknown its code is
 * fetched in the same batch by the network's one probe (probeMulticall) and checked
 * (isTrustedMulticall) before its answer is used; what the read found is kept there. Without
 * it, the reads go as one batch of plain calls. At `blockNumber` when given (a verified check
 * reads the claims at its trusted block), else the latest.
 *
 * Errors: ChainError (CHAIN_UNREACHABLE, CHAIN_TIMEOUT, …) when the node fails.
 */
export async function readPortfolio(
  client: ChainClient,
  request: PortfolioRequest,
  multicall: boolean | undefined,
  blockNumber?: bigint,
): Promise<{ snapshot: PortfolioSnapshot; multicall: boolean }> {
  const { planned, calls } = plan(request, multicallAddress(client));
  try {
    if (multicall === false)
      return { snapshot: assemble(planned, await viaBatch(client, planned, calls, blockNumber), 'batch'), multicall };
    if (multicall === true) {
      try {
        return {
          snapshot: assemble(planned, await viaMulticall(client, calls, blockNumber), 'multicall'),
          multicall,
        };
      } catch {
        // The node may have changed under the same URL (a reset chain, another client): look again.
      }
    }
    const [found, aggregated] = await Promise.allSettled([
      probeMulticall(client),
      viaMulticall(client, calls, blockNumber),
    ]);
    if (found.status === 'rejected') throw found.reason;
    if (found.value && aggregated.status === 'fulfilled') {
      return { snapshot: assemble(planned, aggregated.value, 'multicall'), multicall: true };
    }
    const snapshot = assemble(planned, await viaBatch(client, planned, calls, blockNumber), 'batch');
    // Trusted code whose aggregate3 failed where plain calls did not: the network's reads go without it.
    if (found.value) noteMulticall(client, false);
    return { snapshot, multicall: false };
  } catch (error) {
    throw toChainError(error);
  }
}
