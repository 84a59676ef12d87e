// Each network's history line across networks, over a whole test wallet: up to date at its block,
// behind with why (its node's own words for a failed sync), not read with why; Try again asks that
// network's sync alone, and a network whose node is down offers none (it is asked again by itself).
import type { Address } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { HistorySync } from '@/core/activity/historySync';
import { IDLE_SYNC, type SyncStatusState } from '@/core/activity/syncStatus';
import type { Network } from '@/core/chain/networks';
import { ChainError } from '@/core/errors/chain';
import { msg } from '@/core/i18n/message';
import { ActivityProvider } from '@/lib/stores/activity';
import { byRole, spokenText } from '@/testing/byRole';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import type { NetworkHistory } from './HistoriesAcross';
import { NetworkHistoryLines } from './NetworkHistoryLines';

const ACCOUNT = '0x00000000000000000000000000000000000000a1' as Address;
let wallet: TestWallet;
let unmount: () => void = () => undefined;
let asked: string[];
beforeEach(async () => {
  asked = [];
  wallet = await createTestWallet();
});
afterEach(() => {
  unmount();
  wallet.close();
});

const sync: HistorySync = {
  request: async (network) => {
    asked.push(network.id);
  },
  follow: async () => undefined,
  status: createStore<SyncStatusState>()(() => ({ byKey: {} })),
  onWritten: () => () => undefined,
};

function part(id: string, over: Partial<NetworkHistory>): NetworkHistory {
  const network = wallet.store.getState().networks.find((n) => n.id === id) as Network;
  return {
    network,
    entries: [],
    label: () => ({ symbol: 'ETH', decimals: 18, name: undefined, contract: '', known: true }),
    name: () => undefined,
    loading: false,
    error: undefined,
    reload: () => undefined,
    sync: IDLE_SYNC,
    head: 'ok',
    explorer: false,
    ...over,
  };
}

describe('the history lines of each network', () => {
  it('says where each network stands, with Try again only for a failed sync', () => {
    const refused = new ChainError('CHAIN_RATE_LIMITED', msg('core.chain:networkRead.rateLimited'));
    const parts = [
      part('ethereum', { sync: { ...IDLE_SYNC, syncedTo: 21_000_000n } }),
      part('base', { sync: { ...IDLE_SYNC, syncedTo: 900n, error: refused } }),
      part('gnosis', { sync: IDLE_SYNC, head: 'down' }),
      part('arbitrum', { sync: { ...IDLE_SYNC, running: true, progress: 0.42 } }),
    ];
    unmount = renderInWallet(
      wallet,
      <ActivityProvider store={wallet.storage.activity} sync={sync}>
        <NetworkHistoryLines parts={parts} account={ACCOUNT} />
      </ActivityProvider>,
    ).unmount;
    const lines = [...byRole('list', 'History per network').querySelectorAll('li')].map(spokenText);
    expect(lines).toEqual([
      'Ethereum: up to date at block 21,000,000',
      'Base: up to block 900. Its node limits requests for now; Cairn asks again later. Try again',
      'Gnosis: not read. Its node is not answering.',
      'Arbitrum One: reading history — 42 %',
    ]);
    byRole('button', 'Try again').click();
    expect(asked).toEqual(['base']);
  });
});
