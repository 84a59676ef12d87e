import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { createProbeCache, probeStrategy } from './probe';

const url = inject('localChainUrl');
let counter = 0;
const clientFor = (rpc: string) => chainClient({ ...localNetwork(rpc), id: `probe-test-${counter++}` });

describe('probing which simulation strategy a node offers', () => {
  let proxy: RpcFaultProxy;
  beforeAll(async () => {
    proxy = await startRpcFaultProxy(url);
  });
  afterAll(async () => {
    await proxy.close();
  });

  it('asks all three in one round trip and picks struct logs on Hardhat, then answers from the cache', async () => {
    proxy.setFault({ kind: 'none' });
    proxy.resetCounts();
    const cache = createProbeCache();
    const client = clientFor(proxy.url);
    expect(await probeStrategy(client, cache)).toBe('structLogs');
    expect(proxy.requests).toBe(1);
    expect(proxy.calls).toEqual({ eth_simulateV1: 1, debug_traceCall: 2 });
    expect(await probeStrategy(client, cache)).toBe('structLogs');
    expect(proxy.requests).toBe(1);
  });

  it('moves on past a method the node says it does not have (-32601), and finds none when all are refused', async () => {
    const cache = createProbeCache();
    proxy.setFault({
      kind: 'refuse',
      code: -32601,
      message: 'the method debug_traceCall does not exist/is not available',
      methods: ['debug_traceCall'],
    });
    await expect(probeStrategy(clientFor(proxy.url), cache)).rejects.toMatchObject({
      code: 'SIMULATION_UNSUPPORTED',
    });
    // "None" is an answer: it is cached.
    proxy.setFault({ kind: 'none' });
    await expect(probeStrategy(clientFor(proxy.url), cache)).rejects.toMatchObject({ code: 'SIMULATION_UNSUPPORTED' });
  });

  for (const method of ['eth_simulateV1', 'debug_traceCall']) {
    it(`treats an HTTP 403 on ${method} as a refusal, asking again one method at a time`, async () => {
      proxy.setFault({ kind: 'status', status: 403, body: 'method not allowed', methods: [method] });
      const probe = probeStrategy(clientFor(proxy.url), createProbeCache());
      if (method === 'eth_simulateV1') await expect(probe).resolves.toBe('structLogs');
      else await expect(probe).rejects.toMatchObject({ code: 'SIMULATION_UNSUPPORTED' });
    });
  }

  it('is an error, not "unsupported", when the node fails or cannot be reached, and is not cached', async () => {
    const cache = createProbeCache();
    const client = clientFor(proxy.url);
    proxy.setFault({ kind: 'status', status: 500 });
    await expect(probeStrategy(client, cache)).rejects.toMatchObject({ code: 'CHAIN_NODE_ERROR' });
    proxy.setFault({ kind: 'drop' });
    await expect(probeStrategy(client, cache)).rejects.toMatchObject({ code: 'CHAIN_UNREACHABLE' });
    proxy.setFault({ kind: 'none' });
    expect(await probeStrategy(client, cache)).toBe('structLogs');
  });
});
