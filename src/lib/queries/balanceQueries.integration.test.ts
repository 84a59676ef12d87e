import { describe, expect, it } from 'vitest';
import { localNetwork } from '@/core/chain/networks';
import { localChainUrl } from '@/testing/localChainUrl';
import { startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { nativeBalancesQuery } from './balanceQueries';

const url = localChainUrl();

describe('native balances for the account picker', () => {
  it('reads the balances of many addresses in one HTTP request', async () => {
    const proxy = await startRpcFaultProxy(url);
    try {
      const network = { ...localNetwork(proxy.url), id: 'balances-counted' };
      const addresses = [
        '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
        '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
        '0x000000000000000000000000000000000000dEaD',
      ] as const;
      const query = nativeBalancesQuery(network, addresses);
      const balances = await query.queryFn?.({} as never);
      expect(proxy.requests).toBe(1);
      expect(proxy.calls).toEqual({ eth_getBalance: 5 });
      expect(balances?.get('0x000000000000000000000000000000000000dEaD')).toBe(0n);
      expect(balances?.get('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBeGreaterThan(0n);
    } finally {
      await proxy.close();
    }
  });

  it('turns a failing node into a typed error', async () => {
    const proxy = await startRpcFaultProxy(url);
    proxy.setFault({ kind: 'status', status: 503 });
    try {
      const network = { ...localNetwork(proxy.url), id: 'balances-failing' };
      const query = nativeBalancesQuery(network, ['0x000000000000000000000000000000000000dEaD']);
      await expect(query.queryFn?.({} as never)).rejects.toMatchObject({ code: 'CHAIN_NODE_ERROR' });
    } finally {
      await proxy.close();
    }
  });
});
