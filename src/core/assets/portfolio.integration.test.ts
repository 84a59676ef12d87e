import { type Address, createPublicClient, erc20Abi, http } from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { type LocalChain, startChain } from '../../../devchain/chain.ts';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import { chainClient } from '../chain/client';
import { MULTICALL3_ADDRESS } from '../chain/localChain';
import { localNetwork } from '../chain/networks';
import { priceFeedsFor } from './catalogue';
import { findIncomingTokens } from './discovery';
import { readPortfolio } from './portfolio';
import { readTokenMetadata } from './tokenMetadata';

const url = localChainUrl();
const contracts = demoContractAddresses();
const accounts = [0, 1, 2].map(demoAddress);
const tokens = [contracts.DAI, contracts.USDC, contracts.USDT, contracts.MKR];
const direct = createPublicClient({ chain: hardhat, transport: http(url) });
let counter = 0;
const network = (rpc: string) => ({ ...localNetwork(rpc), id: `portfolio-test-${counter++}` });

describe('reading the portfolio through Multicall3', () => {
  let proxy: RpcFaultProxy;
  beforeAll(async () => {
    proxy = await startRpcFaultProxy(url);
  });
  afterAll(async () => {
    await proxy.close();
  });

  it('reads every native and token balance and the prices in one HTTP request, equal to direct reads', async () => {
    proxy.resetCounts();
    const net = network(proxy.url);
    const { snapshot, multicall } = await readPortfolio(
      chainClient(net),
      { accounts, tokens, feeds: priceFeedsFor(net) },
      undefined,
    );
    expect(multicall).toBe(true);
    expect(snapshot.via).toBe('multicall');
    // First read: the Multicall3 code check travels in the same batch as the aggregate call.
    expect(proxy.requests).toBe(1);
    expect(proxy.calls).toEqual({ eth_getCode: 1, eth_call: 1 });
    expect(snapshot.blockNumber).toBe(await direct.getBlockNumber({ cacheTime: 0 }));

    for (const account of accounts) {
      expect(snapshot.native.get(account.toLowerCase())).toBe(await direct.getBalance({ address: account }));
      for (const token of tokens) {
        const expected = await direct.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account],
        });
        expect(snapshot.tokens.get(account.toLowerCase())?.get(token.toLowerCase()), `${token} of ${account}`).toBe(
          expected,
        );
      }
    }
    expect(snapshot.prices.get('native')).toMatchObject({ answer: 325_012_000_000n, decimals: 8 });
    expect(snapshot.prices.get(contracts.MKR.toLowerCase())).toBeUndefined();
  });

  it('sends later reads as a single aggregate call', async () => {
    proxy.resetCounts();
    const net = network(proxy.url);
    await readPortfolio(chainClient(net), { accounts, tokens, feeds: [] }, true);
    expect(proxy.requests).toBe(1);
    expect(proxy.calls).toEqual({ eth_call: 1 });
  });

  it('splits very large reads into several aggregate calls, still in one HTTP request', async () => {
    proxy.resetCounts();
    const many = Array.from({ length: 600 }, (_, i) => tokens[i % tokens.length] as Address);
    const net = network(proxy.url);
    const { snapshot } = await readPortfolio(chainClient(net), { accounts, tokens: many, feeds: [] }, true);
    expect(proxy.requests).toBe(1);
    expect(proxy.calls).toEqual({ eth_call: 2 });
    expect(snapshot.tokens.get(accounts[0]?.toLowerCase() ?? '')?.size).toBe(4);
  });

  it('marks a token whose balanceOf reverts as unreadable instead of failing the whole read', async () => {
    const net = network(url);
    const { snapshot } = await readPortfolio(
      chainClient(net),
      { accounts, tokens: [contracts.NFT, MULTICALL3_ADDRESS], feeds: [] },
      true,
    );
    expect(
      snapshot.tokens.get(accounts[0]?.toLowerCase() ?? '')?.get(MULTICALL3_ADDRESS.toLowerCase()),
    ).toBeUndefined();
  });

  it('fails with a typed error when the node is down', async () => {
    proxy.setFault({ kind: 'status', status: 502 });
    try {
      await expect(
        readPortfolio(chainClient(network(proxy.url)), { accounts, tokens, feeds: [] }, true),
      ).rejects.toMatchObject({
        code: 'CHAIN_NODE_ERROR',
      });
    } finally {
      proxy.setFault({ kind: 'none' });
    }
  });
});

describe('a network without Multicall3', () => {
  let chain: LocalChain;
  let proxy: RpcFaultProxy;
  beforeAll(async () => {
    chain = await startChain({ port: await findFreePort() });
    proxy = await startRpcFaultProxy(chain.url);
  });
  afterAll(async () => {
    await proxy.close();
    await chain.stop();
  });

  it('falls back to one JSON-RPC batch of plain calls', async () => {
    const net = network(proxy.url);
    const { snapshot, multicall } = await readPortfolio(chainClient(net), { accounts, tokens, feeds: [] }, undefined);
    expect(multicall).toBe(false);
    expect(snapshot.via).toBe('batch');
    const plain = createPublicClient({ chain: hardhat, transport: http(chain.url) });
    expect(snapshot.native.get(accounts[1]?.toLowerCase() ?? '')).toBe(
      await plain.getBalance({ address: accounts[1] as Address }),
    );
    proxy.resetCounts();
    await readPortfolio(chainClient(net), { accounts, tokens, feeds: [] }, false);
    expect(proxy.requests).toBe(1);
  });

  it('looks again when a node that had Multicall3 no longer has it (a reset chain)', async () => {
    const { multicall, snapshot } = await readPortfolio(
      chainClient(network(proxy.url)),
      { accounts, tokens, feeds: [] },
      true,
    );
    expect(multicall).toBe(false);
    expect(snapshot.via).toBe('batch');
    expect(snapshot.native.size).toBe(3);
  });

  it('does not trust other code at the Multicall3 address', async () => {
    await fetch(chain.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'hardhat_setCode',
        params: [MULTICALL3_ADDRESS, '0x6001600055'],
      }),
    });
    const { multicall, snapshot } = await readPortfolio(
      chainClient(network(chain.url)),
      { accounts, tokens: [], feeds: [] },
      undefined,
    );
    expect(multicall).toBe(false);
    expect(snapshot.native.size).toBe(3);
  });
});

describe('token metadata', () => {
  const client = chainClient(network(url));
  it('reads string and bytes32 symbols, and reports a missing decimals()', async () => {
    expect(await readTokenMetadata(client, contracts.USDC, 'Local chain')).toEqual({
      name: 'Demo USD Coin',
      symbol: 'USDC',
      decimals: 6,
    });
    expect(await readTokenMetadata(client, contracts.USDT, 'Local chain')).toMatchObject({
      symbol: 'USDT',
      decimals: 6,
    });
    expect(await readTokenMetadata(client, contracts.MKR, 'Local chain')).toEqual({
      name: 'Demo Maker',
      symbol: 'MKR',
      decimals: 18,
    });
    expect(await readTokenMetadata(client, contracts.ODD, 'Local chain')).toEqual({
      name: 'Odd Token',
      symbol: 'ODD',
      decimals: undefined,
    });
  });

  it('refuses an address without code and a contract that is not an ERC-20', async () => {
    await expect(readTokenMetadata(client, demoAddress(7), 'Local chain')).rejects.toMatchObject({
      code: 'ASSET_NOT_A_CONTRACT',
    });
    await expect(readTokenMetadata(client, contracts.NFT, 'Local chain')).rejects.toMatchObject({
      code: 'ASSET_NOT_ERC20',
    });
    await expect(readTokenMetadata(client, MULTICALL3_ADDRESS, 'Local chain')).rejects.toMatchObject({
      code: 'ASSET_NOT_ERC20',
    });
  });
});

describe('tokens nobody asked for', () => {
  it('finds ERC-20 transfers into the accounts, not NFTs', async () => {
    const found = await findIncomingTokens(chainClient(network(url)), [demoAddress(0)], true);
    expect(found).toContain(contracts.SPAM);
    expect(found).toContain(contracts.DAI);
    expect(found).not.toContain(contracts.NFT);
  });
});
