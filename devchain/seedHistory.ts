// What both local chains' seeds do the same way: place the canonical Multicall3, play a history of
// transactions spread over past days, and record mock price feeds' rounds from genesis to now.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Address, Hex } from 'viem';
import { keccak256 } from 'viem';
import { MULTICALL3_ADDRESS, MULTICALL3_CODE_HASH } from '../src/core/chain/localChain.ts';
import { type FeedHistoryPlan, plannedRounds } from './priceRounds.ts';
import type { SeedClient, Step } from './seedSupport.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** Puts Multicall3's canonical runtime code at its canonical address. */
export async function placeMulticall3(client: SeedClient): Promise<void> {
  const code = readFileSync(join(here, 'multicall3-runtime.hex'), 'utf8').trim() as Hex;
  if (keccak256(code) !== MULTICALL3_CODE_HASH) throw new Error('multicall3-runtime.hex is not the canonical code');
  await client.setCode({ address: MULTICALL3_ADDRESS, bytecode: code });
}

export type PlayedHistory = {
  /** Hashes of the history's transactions, oldest first. */
  hashes: Hex[];
  /** The genesis block's time (unix seconds). */
  start: number;
  /** The last history block's time. */
  last: number;
};

/**
 * Sends each step in its own block, the blocks spread evenly from genesis to two minutes before
 * `now` (a chain started with a recent genesis simply gets one second per step).
 */
export async function playHistory(client: SeedClient, steps: readonly Step[], now: Date): Promise<PlayedHistory> {
  const genesis = await client.getBlock({ blockNumber: 0n });
  const start = Number(genesis.timestamp);
  const end = Math.max(Math.floor(now.getTime() / 1000) - 120, start + steps.length + 1);
  const hashes: Hex[] = [];
  let timestamp = start;
  for (const [i, step] of steps.entries()) {
    timestamp = Math.max(start + Math.floor(((end - start) * (i + 1)) / (steps.length + 1)), timestamp + 1);
    await client.setNextBlockTimestamp({ timestamp: BigInt(timestamp) });
    const hash = await step(client);
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`seed step ${i} reverted (${hash})`);
    hashes.push(hash);
  }
  return { hashes, start, last: timestamp };
}

/**
 * Sends each feed's rounds from genesis to the present, in two phases (see priceRounds.ts), from
 * the feeds' owner. Returns the hashes unmined when automine is off.
 */
export async function recordFeedRounds(
  client: SeedClient,
  aggregatorAbi: Abi,
  owner: Address,
  feeds: readonly { address: Address; plan: FeedHistoryPlan }[],
  start: number,
  present: number,
): Promise<Hex[]> {
  const sent: Hex[] = [];
  for (const { address, plan } of feeds) {
    for (const [i, rounds] of plannedRounds(plan, start, present).entries()) {
      if (i > 0)
        sent.push(
          await client.writeContract({ account: owner, address, abi: aggregatorAbi, functionName: 'startPhase' }),
        );
      sent.push(
        await client.writeContract({
          account: owner,
          address,
          abi: aggregatorAbi,
          functionName: 'addRounds',
          args: [rounds.map((r) => r.answer), rounds.map((r) => BigInt(r.time))],
        }),
      );
    }
  }
  return sent;
}

/**
 * Mines one block at `present` holding what `send` sends (with automine off, so they share it),
 * and checks every one of them succeeded: the block after the history that brings the chain's
 * clock back to now.
 */
export async function minePresentBlock(client: SeedClient, present: number, send: () => Promise<Hex[]>): Promise<void> {
  await client.setNextBlockTimestamp({ timestamp: BigInt(present) });
  await client.setAutomine(false);
  try {
    const sent = await send();
    await client.mine({ blocks: 1 });
    for (const hash of sent) {
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`the present block's transaction ${hash} reverted`);
    }
  } finally {
    await client.setAutomine(true);
  }
}
