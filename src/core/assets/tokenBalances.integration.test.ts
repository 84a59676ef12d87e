import { type Address, createPublicClient, erc20Abi, http } from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { readTokenBalances } from './tokenBalances';

const url = localChainUrl();
const contracts = demoContractAddresses();
const owner = demoAddress(0);
const direct = createPublicClient({ chain: hardhat, transport: http(url) });

describe('one account’s token balances (a permit’s review)', () => {
  let proxy: RpcFaultProxy;
  beforeAll(async () => {
    proxy = await startRpcFaultProxy(url);
  });
  afterAll(async () => {
    await proxy.close();
  });

  it('reads each in one HTTP request, leaves out an address that is no token', async () => {
    const network = { ...localNetwork(proxy.url), id: 'token-balances-test' };
    const notToken = demoAddress(3) as Address;
    proxy.resetCounts();
    const balances = await readTokenBalances(chainClient(network), owner, [contracts.DAI, contracts.USDC, notToken]);
    expect(proxy.requests).toBe(1);
    const dai = await direct.readContract({
      address: contracts.DAI,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });
    expect(balances.get(contracts.DAI.toLowerCase())).toBe(dai);
    expect(balances.has(contracts.USDC.toLowerCase())).toBe(true);
    expect(balances.has(notToken.toLowerCase())).toBe(false);
  });
});
