import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import type { ChainError } from '../errors/chain';
import { browserSocket, type SocketHead, subscribeHeads } from './headSubscription';
import { LOCAL_CHAIN_ID } from './localChain';

const url = localChainUrl();
const asSocket = (http: string) => http.replace(/^http/, 'ws');

async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

function open() {
  const socket = browserSocket();
  if (!socket) throw new Error('no WebSocket in this Node (run with --experimental-websocket)');
  return socket;
}

/** Follows `socketUrl`'s heads; `live` and `ended` settle when the subscription does. */
function follow(socketUrl: string, chainId = LOCAL_CHAIN_ID) {
  const heads: SocketHead[] = [];
  let wentLive!: () => void;
  let ended!: (error: ChainError) => void;
  const live = new Promise<void>((resolve) => {
    wentLive = resolve;
  });
  const end = new Promise<ChainError>((resolve) => {
    ended = resolve;
  });
  const subscription = subscribeHeads(
    socketUrl,
    chainId,
    { live: wentLive, head: (head) => heads.push(head), ended },
    open(),
  );
  return { heads, live, end, subscription };
}

describe('subscribeHeads against the local node (WebSocket on its HTTP port)', () => {
  it('checks the chain id, subscribes, and hears of each mined block', async () => {
    const followed = follow(asSocket(url));
    await followed.live;
    await rpc('evm_mine');
    await rpc('evm_mine');
    const latest = (await rpc('eth_getBlockByNumber', ['latest', false])) as { number: string; hash: string };
    // (Other files share this chain and may mine too: each head is heard, in order.)
    await expect
      .poll(() => followed.heads.find((head) => head.number === BigInt(latest.number))?.hash)
      .toBe(latest.hash);
    expect(followed.heads.length).toBeGreaterThanOrEqual(2);
    followed.heads.slice(1).forEach((head, i) => {
      expect(head.number).toBe((followed.heads[i]?.number ?? 0n) + 1n);
    });
    followed.subscription.close();
  });

  it('refuses a node that answers for another chain', async () => {
    const error = await follow(asSocket(url), 1).end;
    expect(error.code).toBe('CHAIN_WRONG_CHAIN');
    expect(error.rpcUrl).toBe(asSocket(url));
  });

  it('says unreachable where nothing listens', async () => {
    const closed = `ws://127.0.0.1:${await findFreePort()}`;
    const error = await follow(closed).end;
    expect(error.code).toBe('CHAIN_UNREACHABLE');
    expect(error.rpcUrl).toBe(closed);
  });

  it('passes through the fault proxy, counted apart, and ends when the node goes away', async () => {
    const proxy = await startRpcFaultProxy(url);
    try {
      const followed = follow(asSocket(proxy.url));
      await followed.live;
      expect(proxy.sockets.calls).toEqual({ eth_chainId: 1, eth_subscribe: 1 });
      expect(proxy.requests).toBe(0);
      await rpc('evm_mine');
      await expect.poll(() => followed.heads.length).toBeGreaterThanOrEqual(1);
      // Two answers (chain id, subscription), then one notice per head.
      expect(proxy.sockets.answers).toBe(2 + followed.heads.length);
      proxy.setFault({ kind: 'drop' });
      expect((await followed.end).code).toBe('CHAIN_UNREACHABLE');
      // While the node is gone, a new socket is refused at once.
      expect((await follow(asSocket(proxy.url)).end).code).toBe('CHAIN_UNREACHABLE');
    } finally {
      await proxy.close();
    }
  });
});
