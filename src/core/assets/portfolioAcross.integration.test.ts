// Home across networks, as core reads it: the local chain and a local OP Stack chain, each through
// its own node, refreshed together. Each network's refresh is one HTTP request (one aggregate3),
// both under way at once (each sent before either is answered), and each gives its own chain's
// figures.
import { getBalance, getChainId } from 'viem/actions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { useLocalOpChain } from '@/testing/localOpChain';
import { type Fault, type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { demoAddress } from '../../../devchain/seedSupport.ts';
import { chainClient } from '../chain/client';
import { LOCAL_OP_CHAIN_ID } from '../chain/localChain';
import { localNetwork, localOpNetwork, type Network } from '../chain/networks';
import { listedTokens, portfolioRequestFor } from './catalogue';
import { readPortfolio } from './portfolio';

const accounts = [0, 1, 5].map(demoAddress);
/** How long each node holds its request: far longer than sending the other one takes. */
const HELD_MS = 400;

describe('the portfolio of two networks in one refresh', () => {
  const op = useLocalOpChain();
  let proxies: { local: RpcFaultProxy; op: RpcFaultProxy };
  beforeAll(async () => {
    proxies = {
      local: await startRpcFaultProxy(localChainUrl()),
      op: await startRpcFaultProxy(op.current().chain.url),
    };
  });
  afterAll(async () => {
    await proxies.local.close();
    await proxies.op.close();
  });

  const networks = (): { local: Network; op: Network } => ({
    local: { ...localNetwork([proxies.local.url]), id: 'across-local' },
    op: { ...localOpNetwork([proxies.op.url]), id: 'across-op' },
  });
  const request = (network: Network) =>
    portfolioRequestFor(
      network,
      accounts,
      listedTokens(network).map((t) => t.address),
    );
  const refresh = (network: Network, multicallKnown?: boolean) =>
    readPortfolio(chainClient(network), request(network), multicallKnown);

  it('reads each network in one request of its own, both at once, each of its own chain', async () => {
    const net = networks();
    // The first read of each node also asks for Multicall3's code, in the same request.
    await Promise.all([refresh(net.local), refresh(net.op)]);
    proxies.local.resetCounts();
    proxies.op.resetCounts();
    // Each node held a moment before it answers: read one after the other, the two exchanges
    // could not overlap; read at once, each request is sent before either is answered.
    const held: Fault = { kind: 'delay', ms: HELD_MS };
    proxies.local.setFault(held);
    proxies.op.setFault(held);
    const [local, opRead] = await Promise.all([refresh(net.local, true), refresh(net.op, true)]).finally(() => {
      proxies.local.setFault({ kind: 'none' });
      proxies.op.setFault({ kind: 'none' });
    });
    expect(proxies.local.requests).toBe(1);
    expect(proxies.op.requests).toBe(1);
    const [localExchange] = proxies.local.exchanges;
    const [opExchange] = proxies.op.exchanges;
    if (!localExchange || !opExchange) throw new Error('an exchange was not answered');
    expect(Math.max(localExchange.came, opExchange.came)).toBeLessThan(
      Math.min(localExchange.answered, opExchange.answered),
    );
    expect(proxies.local.calls).toEqual({ eth_call: 1 });
    expect(proxies.op.calls).toEqual({ eth_call: 1 });
    // Each network's own figures: the OP chain's demo tokens and its sequencer, the local chain's none.
    expect(local.snapshot.via).toBe('multicall');
    expect(opRead.snapshot.via).toBe('multicall');
    expect(opRead.snapshot.sequencer?.answer).toBe(0n);
    expect(local.snapshot.sequencer).toBeUndefined();
    const opClient = chainClient(net.op);
    expect(await getChainId(opClient)).toBe(LOCAL_OP_CHAIN_ID);
    const me = accounts[0] as `0x${string}`;
    const opBalance = await getBalance(opClient, { address: me, blockNumber: opRead.snapshot.blockNumber });
    const localBalance = await getBalance(chainClient(net.local), {
      address: me,
      blockNumber: local.snapshot.blockNumber,
    });
    expect(localBalance).not.toBe(opBalance);
    expect(opRead.snapshot.native.get(me.toLowerCase())).toBe(opBalance);
    expect(local.snapshot.native.get(me.toLowerCase())).toBe(localBalance);
  });
});
