import { type Address, decodeAbiParameters, getAddress, type Hex, pad } from 'viem';
import type { ChainClient } from '../chain/client';
import { readLogs } from '../chain/logSpan';
import { getLogs, type LogFilter, type RawLog } from '../chain/rawLogs';
import { TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC } from '../contracts/decode/transferTopics';
import { sameAddress } from '../keys/sameAddress';
import { type ActivityItem, activityItem, direction } from './item';

/**
 * The accounts' token transfers between two blocks, from eth_getLogs in spans of the one log-span
 * rule (readLogs: starting at `span`, the one kept): three queries per span whatever
 * the number of accounts, their topics naming every account at once. Returns each account's items and the span to start from next time.
 */
export async function readTransferItemsOf(
  client: ChainClient,
  chainId: number,
  accounts: readonly Address[],
  range: { from: bigint; to: bigint; span: bigint },
  onProgress?: (done: bigint, total: bigint) => void,
  /** Other events to find with an account as first indexed argument, in the same queries (returned in `logs`). */
  alsoFirstTopics: readonly Hex[] = [],
): Promise<{ items: Map<Address, ActivityItem[]>; span: bigint; logs: RawLog[] }> {
  const filters = transferFilters(accounts, alsoFirstTopics);
  const result = await readLogs<RawLog>(client, {
    from: range.from,
    to: range.to,
    kept: range.span,
    read: async (fromBlock, toBlock) => {
      const answers = await Promise.all(filters.map((filter) => getLogs(client, fromBlock, toBlock, filter)));
      return answers.flat();
    },
    ...(onProgress ? { onProgress } : {}),
  });
  const items = new Map<Address, ActivityItem[]>();
  for (const account of accounts) {
    // The filters overlap (a transfer to oneself matches two): one item per id.
    const byId = new Map<string, ActivityItem>();
    for (const log of result.items) for (const item of itemsFromLog(chainId, account, log)) byId.set(item.id, item);
    items.set(account, [...byId.values()]);
  }
  return { items, span: result.span, logs: result.items };
}

/**
 * The three eth_getLogs filters that find every token transfer into or out of the accounts:
 * ERC-20/ERC-721 Transfer and ERC-1155 TransferSingle/TransferBatch with an account as first
 * indexed argument (the sender; for ERC-1155 the operator, dropped by itemsFromLog), then as second
 * (the recipient; the ERC-1155 sender), and ERC-1155 with an account as recipient (third). With
 * the accounts as indexed topics the node answers from its index, over any range it allows.
 */
export function transferFilters(accounts: readonly Address[], alsoFirstTopics: readonly Hex[] = []): LogFilter[] {
  const us = accounts.map((account) => pad(account.toLowerCase() as Hex, { size: 32 }));
  const erc1155 = [TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC];
  const any = [TRANSFER_TOPIC, ...erc1155];
  return [
    { topics: [[...any, ...alsoFirstTopics], us] },
    { topics: [any, null, us] },
    { topics: [erc1155, null, null, us] },
  ];
}

/** The address in an indexed address topic (a 32-byte word), or undefined when it is not one. */
export const topicAddress = (topic: Hex | undefined): Address | undefined =>
  topic && topic.length === 66 ? getAddress(`0x${topic.slice(26)}`) : undefined;

/**
 * The account's transfers in one log. A log that is not a well-formed transfer (a contract that
 * emits a same-named event with other fields) gives nothing rather than a wrong item.
 */
export function itemsFromLog(chainId: number, account: Address, log: RawLog): ActivityItem[] {
  if (log.removed) return [];
  const [topic0] = log.topics;
  const base = {
    chainId,
    account,
    hash: log.transactionHash,
    blockNumber: log.blockNumber,
    timestamp: undefined,
    txIndex: log.transactionIndex,
    logIndex: log.logIndex,
    fee: undefined,
    failed: false,
    source: 'logs' as const,
  };
  const make = (
    from: Address | undefined,
    to: Address | undefined,
    asset: ActivityItem['asset'],
    amount: bigint,
    part: string,
  ) => {
    const dir = direction(account, from, to);
    return activityItem(part, { ...base, direction: dir, counterparty: dir === 'in' ? from : to, asset, amount });
  };
  const involves = (from: Address | undefined, to: Address | undefined) =>
    sameAddress(from, account) || sameAddress(to, account);
  try {
    if (topic0 === TRANSFER_TOPIC) {
      const from = topicAddress(log.topics[1]);
      const to = topicAddress(log.topics[2]);
      if (!from || !to || !involves(from, to)) return [];
      if (log.topics.length === 4) {
        // ERC-721: the token id is the third indexed topic and the data is empty.
        const tokenId = BigInt(log.topics[3] as Hex);
        return [
          make(from, to, { kind: 'erc721', address: getAddress(log.address), tokenId }, 1n, `log:${log.logIndex}`),
        ];
      }
      if (log.topics.length !== 3 || log.data.length !== 66) return [];
      const [amount] = decodeAbiParameters([{ type: 'uint256' }], log.data);
      return [make(from, to, { kind: 'erc20', address: getAddress(log.address) }, amount, `log:${log.logIndex}`)];
    }
    if (topic0 === TRANSFER_SINGLE_TOPIC || topic0 === TRANSFER_BATCH_TOPIC) {
      if (log.topics.length !== 4) return [];
      const from = topicAddress(log.topics[2]);
      const to = topicAddress(log.topics[3]);
      if (!from || !to || !involves(from, to)) return [];
      const address = getAddress(log.address);
      if (topic0 === TRANSFER_SINGLE_TOPIC) {
        const [tokenId, amount] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data);
        return [make(from, to, { kind: 'erc1155', address, tokenId }, amount, `log:${log.logIndex}`)];
      }
      const [ids, amounts] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data);
      if (ids.length !== amounts.length) return [];
      return ids.map((tokenId, i) =>
        make(from, to, { kind: 'erc1155', address, tokenId }, amounts[i] ?? 0n, `log:${log.logIndex}:${i}`),
      );
    }
  } catch {
    return [];
  }
  return [];
}
