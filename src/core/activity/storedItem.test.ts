import { getAddress, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { SyncState } from './activityStore';
import { activityItem } from './item';
import { fromStoredItem, fromStoredState, toStoredItem, toStoredState } from './storedItem';

const me = getAddress('0x00000000000000000000000000000000000000a1');
const token = getAddress('0x00000000000000000000000000000000000000da');
const hash = `0x${'ef'.repeat(32)}` as Hex;

const nft = activityItem('log:2', {
  chainId: 1,
  account: me,
  hash,
  blockNumber: 12n,
  timestamp: 1_700_000_000,
  txIndex: 0,
  logIndex: 2,
  direction: 'in',
  counterparty: token,
  asset: { kind: 'erc1155', address: token, tokenId: 2n ** 200n },
  amount: 3n,
  fee: undefined,
  failed: false,
  source: 'logs',
});

const state: SyncState = {
  key: `1:${me.toLowerCase()}`,
  chainId: 1,
  account: me,
  headNumber: 40n,
  headHash: hash,
  logsTo: 40n,
  logSpan: 1000n,
  nativeSource: 'explorer',
  nativeTo: 40n,
};

describe('stored activity', () => {
  it('reads back what it wrote, bigints included', () => {
    expect(fromStoredItem(toStoredItem(nft))).toEqual(nft);
    expect(fromStoredState(toStoredState(state))).toEqual(state);
    expect(fromStoredState(toStoredState({ ...state, nativeSource: 'none' }))?.nativeSource).toBe('none');
  });

  it.each([
    ['direction', 'sideways'],
    ['source', 'rumour'],
    ['amount', '-1'],
    ['counterparty', '0x12'],
  ])('refuses an item whose %s is damaged', (field, value) => {
    expect(() => fromStoredItem({ ...toStoredItem(nft), [field]: value })).toThrow(`damaged activity item: ${field}`);
  });

  it('forgets a sync state whose native source it does not know (the account syncs again)', () => {
    expect(fromStoredState({ ...toStoredState(state), nativeSource: 'logs' })).toBeUndefined();
  });
});
