import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { startChain } from '../../../devchain/chain.ts';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import { ChainError } from '../errors/chain';
import { readChainHead } from './chainHead';
import { chainClient } from './client';
import { LOCAL_CHAIN_ID } from './localChain';
import { localNetwork, type Network } from './networks';

const url = localChainUrl();

// biome-ignore lint/suspicious/noExplicitAny: a raw JSON-RPC answer, read field by field.
async function rpc(method: string, params: unknown[] = [], to = url): Promise<any> {
  const response = await fetch(to, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

async function headError(network: Network): Promise<ChainError> {
  const error = await readChainHead(chainClient(network), network).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChainError);
  return error as ChainError;
}

describe('readChainHead against the local node', () => {
  it('reads the chain id and the latest block in one request when connecting, then the block alone, until a failure', async () => {
    const proxy = await startRpcFaultProxy(url);
    try {
      const network = { ...localNetwork(proxy.url), id: 'counted' };
      const client = chainClient(network);
      const head = await readChainHead(client, network);
      const latest = await rpc('eth_getBlockByNumber', ['latest', false]);
      expect(head).toEqual({
        status: 'ok',
        chainId: LOCAL_CHAIN_ID,
        blockNumber: BigInt(latest.number),
        block: {
          number: BigInt(latest.number),
          hash: latest.hash,
          parentHash: latest.parentHash,
          timestamp: BigInt(latest.timestamp),
          // What sends and previews take from the head rather than asking again.
          gasLimit: BigInt(latest.gasLimit),
          gasUsed: BigInt(latest.gasUsed),
          baseFeePerGas: BigInt(latest.baseFeePerGas),
          mixHash: latest.mixHash,
          parentBeaconBlockRoot: latest.parentBeaconBlockRoot,
        },
      });
      expect(proxy.requests).toBe(1);
      expect(proxy.calls).toEqual({ eth_chainId: 1, eth_getBlockByNumber: 1 });
      for (let i = 0; i < 3; i++) await readChainHead(client, network);
      expect(proxy.calls).toEqual({ eth_chainId: 1, eth_getBlockByNumber: 4 });
      // A failed read makes the next one a new connection: its chain id is asked again.
      proxy.setFault({ kind: 'status', status: 500 });
      await readChainHead(client, network).catch(() => undefined);
      proxy.setFault({ kind: 'none' });
      proxy.resetCounts();
      const withTransactions = await readChainHead(client, network, { withTransactions: true });
      expect(proxy.calls).toEqual({ eth_chainId: 1, eth_getBlockByNumber: 1 });
      expect(withTransactions.block.transactions).toBeInstanceOf(Array);
    } finally {
      await proxy.close();
    }
  });

  it('asks the chain id again when a block does not follow the last one (a node gone back, or replaced)', async () => {
    // A chain of its own: the shared one must not go back under the other tests.
    const own = await startChain({ port: await findFreePort() });
    const proxy = await startRpcFaultProxy(own.url);
    try {
      const network = { ...localNetwork(proxy.url), id: 'went-back' };
      const client = chainClient(network);
      const snapshot = await rpc('evm_snapshot', [], own.url);
      await rpc('evm_mine', [], own.url);
      await readChainHead(client, network);
      await rpc('evm_revert', [snapshot], own.url);
      proxy.resetCounts();
      await readChainHead(client, network);
      expect(proxy.calls).toEqual({ eth_getBlockByNumber: 1, eth_chainId: 1 });
      await rpc('evm_mine', [], own.url);
      proxy.resetCounts();
      await readChainHead(client, network);
      expect(proxy.calls).toEqual({ eth_getBlockByNumber: 1 });
    } finally {
      await proxy.close();
      await own.stop();
    }
  });

  it('reports a node that answers for another chain', async () => {
    const network: Network = { ...localNetwork(url), id: 'mislabelled', chainId: 1 };
    const head = await readChainHead(chainClient(network), network);
    expect(head.status).toBe('wrong-chain');
    expect(head).toMatchObject({ chainId: LOCAL_CHAIN_ID, expectedChainId: 1 });
  });

  it('sees a new block after a transaction is mined', async () => {
    const network = localNetwork(url);
    const before = await readChainHead(chainClient(network), network);
    await rpc('evm_mine');
    const after = await readChainHead(chainClient(network), network);
    expect(after.blockNumber).toBe(before.blockNumber + 1n);
  });
});

describe('readChainHead when the node fails', () => {
  let proxy: RpcFaultProxy;
  let network: Network;
  beforeAll(async () => {
    proxy = await startRpcFaultProxy(url);
    network = { ...localNetwork(proxy.url), id: 'faulty' };
  });
  afterAll(async () => {
    await proxy.close();
  });

  it('names an unreachable node with its URL', async () => {
    const closed = `http://127.0.0.1:${await findFreePort()}`;
    const error = await headError({ ...localNetwork(closed), id: 'closed' });
    expect(error.code).toBe('CHAIN_UNREACHABLE');
    expect(error.rpcUrl).toBe(closed);
    expect(error.shortMessage).toBe('The node could not be reached.');
  });

  it('maps HTTP 429 to rate limited', async () => {
    proxy.setFault({ kind: 'status', status: 429 });
    expect((await headError(network)).code).toBe('CHAIN_RATE_LIMITED');
  });

  it('maps HTTP 500 to a node error', async () => {
    proxy.setFault({ kind: 'status', status: 500 });
    const error = await headError(network);
    expect(error.code).toBe('CHAIN_NODE_ERROR');
    expect(error.shortMessage).toContain('500');
  });

  it('maps a truncated answer to a malformed response', async () => {
    proxy.setFault({ kind: 'corrupt' });
    expect((await headError(network)).code).toBe('CHAIN_MALFORMED_RESPONSE');
  });

  it('maps a dropped connection to unreachable', async () => {
    proxy.setFault({ kind: 'drop' });
    expect((await headError(network)).code).toBe('CHAIN_UNREACHABLE');
  });

  it('recovers as soon as the node answers again', async () => {
    proxy.setFault({ kind: 'none' });
    expect((await readChainHead(chainClient(network), network)).status).toBe('ok');
  });
});
