import { type Address, getAddress, type Hex, pad } from 'viem';
import { getBlockNumber } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { TRANSFER_TOPIC } from '../contracts/decode/transferTopics';

/** How far back to look for incoming tokens on networks other than the local chain. */
export const DISCOVERY_WINDOW = 5_000n;

/**
 * ERC-20 contracts that sent a Transfer to any of the accounts in recent blocks (the whole
 * chain when `fromStart`). Best effort: a node that refuses the range yields nothing. Tokens
 * found this way were not asked for, so the caller shows them as possibly spam.
 */
export async function findIncomingTokens(
  client: ChainClient,
  accounts: readonly Address[],
  fromStart: boolean,
): Promise<Address[]> {
  if (accounts.length === 0) return [];
  try {
    const latest = await getBlockNumber(client, { cacheTime: 0 });
    const fromBlock = fromStart || latest < DISCOVERY_WINDOW ? 0n : latest - DISCOVERY_WINDOW;
    const logs = (await client.request({
      method: 'eth_getLogs',
      params: [
        {
          fromBlock: `0x${fromBlock.toString(16)}`,
          toBlock: `0x${latest.toString(16)}`,
          topics: [TRANSFER_TOPIC, null, accounts.map((a) => pad(a.toLowerCase() as Hex))],
        },
      ],
    })) as { address: Address; topics: Hex[] }[];
    // ERC-20 Transfer has 3 topics; ERC-721 (same signature) has 4.
    const tokens = new Set(logs.filter((log) => log.topics.length === 3).map((log) => getAddress(log.address)));
    return [...tokens];
  } catch {
    return [];
  }
}
