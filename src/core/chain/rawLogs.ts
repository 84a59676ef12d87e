import type { Address, Hex } from 'viem';
import type { ChainClient } from './client';

/** A log as the node returns it (the fields this module reads). */
export type RawLog = {
  address: Address;
  topics: readonly Hex[];
  data: Hex;
  blockNumber: bigint;
  transactionHash: Hex;
  transactionIndex: number;
  logIndex: number;
  removed?: boolean;
};

/** Topics to match, and optionally the contracts that emitted them. */
export type LogFilter = { topics: (Hex | Hex[] | null)[]; address?: Address | readonly Address[] };

type RpcLog = {
  address: Address;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  transactionHash: Hex;
  transactionIndex: Hex;
  logIndex: Hex;
  removed?: boolean;
};

/** eth_getLogs over [fromBlock, toBlock] for `filter` (on any contract unless it names some), the logs' numbers read. */
export async function getLogs(
  client: ChainClient,
  fromBlock: bigint,
  toBlock: bigint,
  filter: LogFilter,
): Promise<RawLog[]> {
  const logs = (await client.request({
    method: 'eth_getLogs',
    params: [
      {
        fromBlock: `0x${fromBlock.toString(16)}`,
        toBlock: `0x${toBlock.toString(16)}`,
        topics: filter.topics,
        ...(filter.address !== undefined && { address: filter.address }),
      },
    ],
  } as never)) as RpcLog[];
  return logs.map(parseRpcLog);
}

/** A log as eth_getLogs answers it, with its numbers read. */
function parseRpcLog(log: RpcLog): RawLog {
  return {
    address: log.address,
    topics: log.topics,
    data: log.data,
    blockNumber: BigInt(log.blockNumber),
    transactionHash: log.transactionHash,
    transactionIndex: Number(BigInt(log.transactionIndex)),
    logIndex: Number(BigInt(log.logIndex)),
    removed: log.removed,
  };
}
