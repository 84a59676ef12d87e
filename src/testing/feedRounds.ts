// Every round of a price feed, read one by one through the node: what tests compare Cairn's
// round search and value chart with. A phase is taken to end after three missing rounds in a row.
import type { Address, PublicClient } from 'viem';
import { feedAbi } from '../core/prices/feedAbi';
import { phaseOf, type Round, roundIdOf } from '../core/prices/rounds';

export async function everyRound(client: Pick<PublicClient, 'readContract'>, feed: Address): Promise<Round[]> {
  const [latestId] = await client.readContract({ address: feed, abi: feedAbi, functionName: 'latestRoundData' });
  const rounds: Round[] = [];
  for (let phase = 1; phase <= phaseOf(latestId); phase++) {
    let missesInARow = 0;
    for (let index = 1; missesInARow < 3; index++) {
      try {
        const [id, answer, , updatedAt] = await client.readContract({
          address: feed,
          abi: feedAbi,
          functionName: 'getRoundData',
          args: [roundIdOf(phase, index)],
        });
        rounds.push({ id, answer, updatedAt: Number(updatedAt) });
        missesInARow = 0;
      } catch {
        missesInARow++;
      }
    }
  }
  return rounds;
}

/** The round in force at `time`: the last one updated at or before it. */
export function roundAt(rounds: readonly Round[], time: number): Round | undefined {
  return rounds.filter((r) => r.updatedAt <= time).at(-1);
}
