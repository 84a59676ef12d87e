import { type Address, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry, Movement } from '@/core/activity/entries';
import { headline } from './entryHeadline';

const ME: Address = '0x00000000000000000000000000000000000000a1';
const TOKEN: Address = '0x00000000000000000000000000000000000000b2';

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  key: 'k',
  networkId: 'local',
  account: ME,
  hash: `0x${'1'.repeat(64)}`,
  blockNumber: 1n,
  timestamp: undefined,
  status: 'confirmed',
  movements: [],
  fee: undefined,
  sentByAccount: true,
  counterparty: undefined,
  suspicions: [],
  fromRecord: false,
  txIndex: 0,
  ...over,
});
const minted: Movement = {
  direction: 'in',
  counterparty: zeroAddress,
  asset: { kind: 'erc20', address: TOKEN },
  amount: 5n,
};

describe('the headline of a history entry', () => {
  it('says a deployment created a contract, even when its constructor minted to the deployer', () => {
    expect(headline(entry({ creation: true }))).toBe('activity:entry.headline.contractCreation');
    expect(headline(entry({ creation: true, movements: [minted] }))).toBe('activity:entry.headline.contractCreation');
  });

  it('says minted for tokens that came from nowhere in any other transaction', () => {
    expect(headline(entry({ movements: [minted] }))).toBe('activity:entry.headline.minted');
  });
});
