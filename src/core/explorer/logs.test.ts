import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { ExplorerError } from '../errors/explorer';
import type { ExplorerFetch } from './client';
import { explorerLogs } from './logs';

const config = { baseUrl: 'https://api.example/v2/api', apiKey: 'KEY123' };
const TOPIC0 = `0x${'8c'.repeat(32)}` as Hex;
const OWNER = `0x${'00'.repeat(12)}${'a1'.repeat(20)}` as Hex;
const hex = (n: number) => (n === 0 ? '0x' : `0x${n.toString(16)}`);
const log = (block: number, index: number) => ({
  address: `0x${'da'.repeat(20)}`,
  topics: [TOPIC0, OWNER],
  data: '0x',
  blockNumber: hex(block),
  transactionHash: `0x${block.toString(16).padStart(32, '0')}${index.toString(16).padStart(32, '0')}`,
  transactionIndex: hex(0),
  logIndex: hex(index),
});
const ok = (result: unknown) => ({
  ok: true,
  status: 200,
  text: async () => JSON.stringify({ status: '1', message: 'OK', result }),
});

/** The owner's Approval logs in blocks 0 to 10, through an explorer answering with `fetch`. */
const logsThrough = (fetch: ExplorerFetch) =>
  explorerLogs({ config, chainId: 1, topic0s: [TOPIC0], topic1: OWNER, fromBlock: 0n, toBlock: 10n, fetch });

describe('explorerLogs', () => {
  it('pages on from the last block of a full page, keeping each log once', async () => {
    const asked: string[] = [];
    const pages = [
      // 1000 logs up to block 5 (the last two in block 5), then the rest from block 5 on.
      Array.from({ length: 1000 }, (_, i) => log(i < 998 ? 1 : 5, i)),
      [log(5, 998), log(5, 999), log(7, 0)],
    ];
    const fetch: ExplorerFetch = async (url) => {
      asked.push(new URL(url).searchParams.get('fromBlock') ?? '');
      return ok(pages.shift() ?? []);
    };
    const { logs, requests } = await logsThrough(fetch);
    expect(asked).toEqual(['0', '5']);
    expect(requests).toBe(2);
    expect(logs).toHaveLength(1001);
    expect(logs.at(-1)).toMatchObject({ blockNumber: 7n, logIndex: 0, transactionIndex: 0 });
  });

  it('refuses a log outside the range asked for, or one that does not read as a log', async () => {
    for (const bad of [log(11, 0), { ...log(3, 0), topics: ['0x12'] }]) {
      const fetch: ExplorerFetch = async () => ok([bad]);
      const reading = logsThrough(fetch);
      await expect(reading).rejects.toBeInstanceOf(ExplorerError);
      await expect(reading).rejects.toMatchObject({ code: 'EXPLORER_MALFORMED' });
    }
  });
});
