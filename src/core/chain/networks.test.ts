import { arbitrum, base, mainnet, scroll, zksync } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { presetChainData, presetChainOf } from '../../../scripts/generate/presetChains.ts';
import { LOCAL_CHAIN_ID } from './localChain';
import {
  builtInNetworks,
  headPollIntervalMs,
  headSocketUrl,
  LOCAL_NETWORK_ID,
  localNetwork,
  rpcChosenByPerson,
} from './networks';
import { presetChains } from './presetChains.generated';

describe('built-in networks', () => {
  it('puts the local chain first, then the presets', () => {
    const networks = builtInNetworks('http://127.0.0.1:9999');
    expect(networks[0]).toMatchObject({
      id: LOCAL_NETWORK_ID,
      chainId: LOCAL_CHAIN_ID,
      rpcUrls: ['http://127.0.0.1:9999'],
    });
    expect(networks.map((n) => n.chainId)).toEqual([
      LOCAL_CHAIN_ID,
      1,
      11155111,
      8453,
      10,
      42161,
      137,
      56,
      100,
      43114,
      324,
    ]);
    expect(new Set(networks.map((n) => n.id)).size).toBe(networks.length);
    for (const network of networks) expect(network.rpcUrls.length).toBeGreaterThan(0);
  });

  it('uses chain data generated from the installed viem/chains (run `npm run generate:presets` after upgrading viem)', () => {
    expect(presetChains).toEqual(presetChainData());
  });

  it('gives each preset its fee family and the chain it settles on', () => {
    const byId = Object.fromEntries(builtInNetworks('http://127.0.0.1:8545').map((n) => [n.id, n]));
    const oracle = '0x420000000000000000000000000000000000000F';
    expect(byId.base?.feeFamily).toEqual({ kind: 'opStack', oracle });
    expect(byId.optimism?.feeFamily).toEqual({ kind: 'opStack', oracle });
    expect(byId.arbitrum?.feeFamily).toEqual({ kind: 'arbitrum' });
    expect(byId.ethereum?.feeFamily).toEqual({ kind: 'l1' });
    expect(byId.polygon?.feeFamily).toEqual({ kind: 'l1' });
    expect(byId.local?.feeFamily).toEqual({ kind: 'l1' });
    expect(byId.zksync?.feeFamily).toEqual({ kind: 'zkSync' });
    const parents = ['base', 'optimism', 'arbitrum', 'zksync'].map((id) => byId[id]?.parentChainId);
    expect(parents).toEqual([1, 1, 1, 1]);
    expect(byId.ethereum).not.toHaveProperty('parentChainId');
    // ZKsync Era reads through its own Multicall3; every other preset has it at the canonical address.
    expect(byId.zksync?.multicall).toEqual({ address: '0xF9cda624FBC7e059355ce98a31693d299FACd963' });
    for (const network of Object.values(byId))
      if (network.id !== 'zksync') expect(network).not.toHaveProperty('multicall');
  });

  it('adds ZKsync Era as the other presets: viem’s public RPC, chosen by no one here, and its explorer', () => {
    const zk = builtInNetworks('http://127.0.0.1:8545').find((n) => n.id === 'zksync');
    expect(zk).toMatchObject({
      kind: 'preset',
      name: 'ZKsync Era',
      chainId: 324,
      rpcUrls: zksync.rpcUrls.default.http,
      rpcFrom: 'preset',
      explorerUrl: zksync.blockExplorers.default.url,
      testnet: false,
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
    });
    // A node the person did not choose: one account per request there (networkConfig's accountsToRead).
    expect(zk && rpcChosenByPerson(zk)).toBe(false);
  });

  it('derives fee family, parent and Multicall3 from viem/chains for chains it may add', () => {
    const zk = presetChainOf({ id: 'zksync', chain: zksync, blockTimeMs: 1_000 });
    expect(zk.feeFamily).toEqual({ kind: 'zkSync' });
    expect(zk.multicall).toEqual({ address: '0xF9cda624FBC7e059355ce98a31693d299FACd963' });
    const sc = presetChainOf({ id: 'scroll', chain: scroll, blockTimeMs: 3_000, family: 'scroll', parentChainId: 1 });
    expect(sc).toMatchObject({
      feeFamily: { kind: 'scroll', oracle: '0x5300000000000000000000000000000000000002' },
      parentChainId: 1,
      multicall: null,
    });
    // viem's own sourceId wins over a declared parent; an undeclared chain is plain L1.
    expect(presetChainOf({ id: 'b', chain: base, blockTimeMs: 2_000, parentChainId: 5 }).parentChainId).toBe(1);
    expect(presetChainOf({ id: 'a', chain: arbitrum, blockTimeMs: 250 }).feeFamily).toEqual({ kind: 'l1' });
    expect(presetChainOf({ id: 'm', chain: mainnet, blockTimeMs: 12_000 })).toMatchObject({
      feeFamily: { kind: 'l1' },
      parentChainId: null,
      multicall: null,
    });
  });

  it('marks testnets', () => {
    const byId = Object.fromEntries(builtInNetworks('http://127.0.0.1:8545').map((n) => [n.id, n]));
    expect(byId.sepolia?.testnet).toBe(true);
    expect(byId.ethereum?.testnet).toBe(false);
    expect(byId.local?.testnet).toBe(true);
  });

  it('polls about once a block, between 1 and 6 seconds', () => {
    expect(headPollIntervalMs(localNetwork('http://x'))).toBe(1_000);
    expect(headPollIntervalMs({ ...localNetwork('http://x'), blockTimeMs: 250 })).toBe(1_000);
    expect(headPollIntervalMs({ ...localNetwork('http://x'), blockTimeMs: 12_000 })).toBe(6_000);
  });
});

describe('headSocketUrl', () => {
  const local = localNetwork('http://127.0.0.1:8545');
  const ethereum = builtInNetworks('http://127.0.0.1:8545').find((n) => n.id === 'ethereum');

  it('uses the WebSocket URL the person set', () => {
    if (!ethereum) throw new Error('no preset');
    expect(headSocketUrl({ ...ethereum, wsUrl: 'wss://ws.example/key' })).toBe('wss://ws.example/key');
    expect(headSocketUrl({ ...local, wsUrl: 'ws://localhost:9000' })).toBe('ws://localhost:9000');
  });

  it('takes the local chain’s own address as ws:, and guesses no other node’s', () => {
    if (!ethereum) throw new Error('no preset');
    expect(headSocketUrl(local)).toBe('ws://127.0.0.1:8545');
    expect(headSocketUrl(localNetwork('https://chain.example:8545'))).toBe('wss://chain.example:8545');
    // The local chain pointed elsewhere by the person: theirs, and not guessed.
    expect(headSocketUrl({ ...local, rpcUrls: ['https://node.example'], rpcFrom: 'person' })).toBeUndefined();
    expect(headSocketUrl(ethereum)).toBeUndefined();
    expect(
      headSocketUrl({ ...ethereum, kind: 'custom', rpcFrom: 'person', rpcUrls: ['http://127.0.0.1:8545'] }),
    ).toBeUndefined();
  });
});
