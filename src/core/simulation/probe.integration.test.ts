import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { createProbeCache, probeNode, probeStrategy } from './probe';

const url = localChainUrl();
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

  it('asks all four and for block overrides in one round trip and picks struct logs on Hardhat, then answers from the cache', async () => {
    proxy.setFault({ kind: 'none' });
    proxy.resetCounts();
    const cache = createProbeCache();
    const client = clientFor(proxy.url);
    expect(await probeStrategy(client, cache)).toBe('structLogs');
    expect(proxy.requests).toBe(1);
    expect(proxy.calls).toEqual({ eth_simulateV1: 1, debug_traceCall: 3, eth_call: 2 });
    // Hardhat refuses eth_call's block overrides and leaves debug_traceCall's aside.
    expect(await probeNode(client, cache)).toEqual({
      strategy: 'structLogs',
      blockOverrides: { call: false, trace: false },
    });
    expect(await probeStrategy(client, cache)).toBe('structLogs');
    expect(proxy.requests).toBe(1);
  });

  const NO_METHOD = -32601;
  const refuse = (methods: string[], minParams?: number) =>
    proxy.setFault({
      kind: 'refuse',
      code: NO_METHOD,
      message: 'the method does not exist/is not available',
      methods,
      ...(minParams === undefined ? {} : { minParams }),
    });

  it('moves on past a method the node says it does not have (-32601), down to eth_call with state overrides', async () => {
    refuse(['debug_traceCall']);
    await expect(probeStrategy(clientFor(proxy.url), createProbeCache())).resolves.toBe('stateOverride');
    refuse(['eth_simulateV1', 'debug_traceCall']);
    await expect(probeStrategy(clientFor(proxy.url), createProbeCache())).resolves.toBe('stateOverride');
  });

  it('counts a node that refuses the state override parameter (invalid params) as refusing that strategy', async () => {
    proxy.setFault({
      kind: 'refuse',
      code: -32602,
      message: 'too many arguments, want at most 2',
      methods: ['eth_call', 'debug_traceCall'],
      minParams: 3,
    });
    await expect(probeStrategy(clientFor(proxy.url), createProbeCache())).rejects.toMatchObject({
      code: 'SIMULATION_UNSUPPORTED',
    });
  });

  it('counts a node that answers eth_call but ignores the override as refusing that strategy', async () => {
    // Two proxies: the inner one refuses debug_traceCall, the outer drops eth_call's third parameter.
    const ignoring = await startRpcFaultProxy(proxy.url);
    try {
      refuse(['debug_traceCall']);
      ignoring.setFault({ kind: 'truncateParams', keep: 2, methods: ['eth_call'] });
      await expect(probeStrategy(clientFor(ignoring.url), createProbeCache())).rejects.toMatchObject({
        code: 'SIMULATION_UNSUPPORTED',
      });
    } finally {
      await ignoring.close();
    }
  });

  it('finds none when every method is refused, and keeps that answer', async () => {
    const cache = createProbeCache();
    refuse(['eth_simulateV1', 'debug_traceCall', 'eth_call']);
    await expect(probeStrategy(clientFor(proxy.url), cache)).rejects.toMatchObject({
      code: 'SIMULATION_UNSUPPORTED',
    });
    // "None" is an answer: it is cached.
    proxy.setFault({ kind: 'none' });
    await expect(probeStrategy(clientFor(proxy.url), cache)).rejects.toMatchObject({ code: 'SIMULATION_UNSUPPORTED' });
  });

  for (const method of ['eth_simulateV1', 'debug_traceCall', 'eth_call']) {
    it(`treats an HTTP 403 on ${method} as a refusal, asking again one method at a time`, async () => {
      proxy.setFault({ kind: 'status', status: 403, body: 'method not allowed', methods: [method] });
      const probe = probeStrategy(clientFor(proxy.url), createProbeCache());
      if (method === 'debug_traceCall') await expect(probe).resolves.toBe('stateOverride');
      else await expect(probe).resolves.toBe('structLogs');
    });
  }

  it('passes over a method that crashes on the node (-32603) when a later strategy works; an error when none does', async () => {
    const crash = { kind: 'refuse', code: -32603, message: 'method handler crashed' } as const;
    proxy.setFault({ ...crash, methods: ['debug_traceCall'] });
    await expect(probeStrategy(clientFor(proxy.url), createProbeCache())).resolves.toBe('stateOverride');
    const cache = createProbeCache();
    const client = clientFor(proxy.url);
    proxy.setFault({ ...crash, methods: ['debug_traceCall', 'eth_call'], minParams: 3 });
    await expect(probeStrategy(client, cache)).rejects.toMatchObject({ code: 'CHAIN_RPC_ERROR' });
    proxy.setFault({ kind: 'none' });
    expect(await probeStrategy(client, cache)).toBe('structLogs');
  });

  it('uses a lesser strategy while a better one is rate-limited, but asks again next time', async () => {
    const cache = createProbeCache();
    const client = clientFor(proxy.url);
    proxy.setFault({ kind: 'refuse', code: -32005, message: 'rate limit exceeded', methods: ['debug_traceCall'] });
    expect(await probeStrategy(client, cache)).toBe('stateOverride');
    proxy.setFault({ kind: 'none' });
    expect(await probeStrategy(client, cache)).toBe('structLogs');
    proxy.setFault({ kind: 'refuse', code: -32005, message: 'rate limit exceeded', methods: ['debug_traceCall'] });
    // Found without a passing failure: kept.
    expect(await probeStrategy(client, cache)).toBe('structLogs');
  });

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
