import { encodeAbiParameters, getAddress, type Hex, pad } from 'viem';
import { describe, expect, it } from 'vitest';
import type { RawLog } from '../chain/rawLogs';
import { TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC } from '../contracts/decode/transferTopics';
import { itemsFromLog, transferFilters } from './transferLogs';

const me = getAddress('0x00000000000000000000000000000000000000a1');
const bob = getAddress('0x00000000000000000000000000000000000000b0');
const token = getAddress('0x00000000000000000000000000000000000000da');
const operator = getAddress('0x00000000000000000000000000000000000000f0');
const topic = (address: string) => pad(address.toLowerCase() as Hex, { size: 32 });
const word = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n]);
const hash = `0x${'cd'.repeat(32)}` as Hex;

const log = (topics: Hex[], data: Hex, over: Partial<RawLog> = {}): RawLog => ({
  address: token,
  topics,
  data,
  blockNumber: 7n,
  transactionHash: hash,
  transactionIndex: 1,
  logIndex: 4,
  ...over,
});

describe('transfer logs', () => {
  it('asks for transfers from and to every account at once, in three queries, under each standard’s topics', () => {
    const all = [TRANSFER_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC];
    expect(transferFilters([me, bob])).toEqual([
      { topics: [all, [topic(me), topic(bob)]] },
      { topics: [all, null, [topic(me), topic(bob)]] },
      { topics: [[TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC], null, null, [topic(me), topic(bob)]] },
    ]);
  });

  it('drops an ERC-1155 transfer the account only operated, which the first query also finds', () => {
    const single = log([TRANSFER_SINGLE_TOPIC, topic(me), topic(bob), topic(bob)], `${word(1n)}${word(2n).slice(2)}`);
    expect(itemsFromLog(1, me, single)).toEqual([]);
  });

  it('reads an ERC-20 transfer out of the account', () => {
    const [item, ...rest] = itemsFromLog(1, me, log([TRANSFER_TOPIC, topic(me), topic(bob)], word(250n)));
    expect(rest).toEqual([]);
    expect(item).toEqual({
      id: `1:${me.toLowerCase()}:${hash}:log:4`,
      chainId: 1,
      account: me,
      hash,
      blockNumber: 7n,
      timestamp: undefined,
      txIndex: 1,
      logIndex: 4,
      direction: 'out',
      counterparty: bob,
      asset: { kind: 'erc20', address: token },
      amount: 250n,
      fee: undefined,
      failed: false,
      source: 'logs',
    });
  });

  it('reads an ERC-721 transfer (token id as fourth topic) into the account', () => {
    const [item] = itemsFromLog(1, me, log([TRANSFER_TOPIC, topic(bob), topic(me), word(42n)], '0x'));
    expect(item).toMatchObject({
      direction: 'in',
      counterparty: bob,
      asset: { kind: 'erc721', address: token, tokenId: 42n },
      amount: 1n,
    });
  });

  it('reads ERC-1155 single and batch transfers, one item per id of a batch', () => {
    const single = itemsFromLog(
      1,
      me,
      log(
        [TRANSFER_SINGLE_TOPIC, topic(operator), topic(me), topic(me)],
        encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [3n, 9n]),
      ),
    );
    expect(single.map((i) => [i.direction, i.asset, i.amount, i.id.split(':').slice(-2).join(':')])).toEqual([
      ['self', { kind: 'erc1155', address: token, tokenId: 3n }, 9n, 'log:4'],
    ]);
    const batch = itemsFromLog(
      1,
      me,
      log(
        [TRANSFER_BATCH_TOPIC, topic(operator), topic(bob), topic(me)],
        encodeAbiParameters(
          [{ type: 'uint256[]' }, { type: 'uint256[]' }],
          [
            [1n, 2n],
            [10n, 20n],
          ],
        ),
      ),
    );
    expect(batch.map((i) => [i.id.split(':').slice(-3).join(':'), i.direction, i.counterparty, i.amount])).toEqual([
      ['log:4:0', 'in', bob, 10n],
      ['log:4:1', 'in', bob, 20n],
    ]);
  });

  it('gives nothing for removed logs, transfers of others and malformed events', () => {
    expect(itemsFromLog(1, me, log([TRANSFER_TOPIC, topic(me), topic(bob)], word(1n), { removed: true }))).toEqual([]);
    expect(itemsFromLog(1, me, log([TRANSFER_TOPIC, topic(bob), topic(operator)], word(1n)))).toEqual([]);
    expect(itemsFromLog(1, me, log([TRANSFER_TOPIC, topic(me), topic(bob)], '0x'))).toEqual([]);
    expect(itemsFromLog(1, me, log([TRANSFER_SINGLE_TOPIC, topic(operator), topic(me)], word(1n)))).toEqual([]);
    const mismatched = encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [[1n, 2n], [10n]]);
    expect(
      itemsFromLog(1, me, log([TRANSFER_BATCH_TOPIC, topic(operator), topic(bob), topic(me)], mismatched)),
    ).toEqual([]);
  });
});
