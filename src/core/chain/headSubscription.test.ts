import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets, goLive, headNotice } from '@/testing/fakeHeadSocket';
import type { ChainError, WrongChainError } from '../errors/chain';
import { checkHeadSocket, type SocketHead, SUBSCRIBE_TIMEOUT_MS, subscribeHeads } from './headSubscription';

const URL = 'ws://127.0.0.1:8545';

function follow() {
  const sockets = fakeSockets();
  const heads: SocketHead[] = [];
  const ended: ChainError[] = [];
  let live = 0;
  const subscription = subscribeHeads(
    URL,
    31337,
    { live: () => live++, head: (h) => heads.push(h), ended: (e) => ended.push(e) },
    sockets.open,
  );
  return { socket: sockets.last(), subscription, heads, ended, live: () => live };
}

describe('subscribeHeads', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks the chain id when connected, then subscribes to newHeads and reports each head', () => {
    const { socket, heads, ended, live } = follow();
    expect(socket.sent).toEqual([]);
    socket.accept();
    expect(socket.sent).toMatchObject([{ id: 1, method: 'eth_chainId', params: [] }]);
    socket.answer({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
    expect(socket.sent.at(-1)).toMatchObject({ id: 2, method: 'eth_subscribe', params: ['newHeads'] });
    expect(live()).toBe(0);
    socket.answer({ jsonrpc: '2.0', id: 2, result: '0xsub' });
    expect(live()).toBe(1);
    socket.answer(headNotice(7n));
    // Another subscription's notice is not this one's.
    socket.answer(headNotice(8n, '0xother'));
    expect(heads).toEqual([
      { number: 7n, hash: `0x${'7'.padStart(64, '0')}`, parentHash: `0x${'6'.padStart(64, '0')}`, timestamp: 16n },
    ]);
    expect(ended).toEqual([]);
  });

  it('ends with a wrong-chain error, naming both ids, and closes the socket', () => {
    const { socket, ended, live } = follow();
    socket.accept();
    socket.answer({ jsonrpc: '2.0', id: 1, result: '0x1' });
    expect(ended).toHaveLength(1);
    expect(ended[0]?.code).toBe('CHAIN_WRONG_CHAIN');
    expect(ended[0]).toMatchObject({
      expectedChainId: 31337,
      actualChainId: 1,
      rpcUrl: URL,
    } as Partial<WrongChainError>);
    expect(socket.closed).toBe(true);
    expect(socket.sent.map((m) => m.method)).toEqual(['eth_chainId']);
    expect(live()).toBe(0);
  });

  it('ends with a typed error, once, for each way the node can fail', () => {
    type Socket = ReturnType<typeof follow>['socket'];
    const chainIdOk = (s: Socket) => {
      s.accept();
      s.answer({ id: 1, result: '0x7a69' });
    };
    const cases: [string, (s: Socket) => void][] = [
      ['CHAIN_UNREACHABLE', (s) => s.drop()],
      [
        'CHAIN_RPC_ERROR',
        (s) => {
          s.accept();
          s.answer({ id: 1, error: { code: -32000, message: 'no' } });
        },
      ],
      [
        'CHAIN_METHOD_UNSUPPORTED',
        (s) => {
          chainIdOk(s);
          s.answer({ id: 2, error: { code: -32601, message: 'no subscriptions' } });
        },
      ],
      [
        'CHAIN_MALFORMED_RESPONSE',
        (s) => {
          s.accept();
          s.answer('{"id":1,');
        },
      ],
      [
        'CHAIN_MALFORMED_RESPONSE',
        (s) => {
          goLive(s, 31337);
          s.answer(headNotice(1n));
          s.answer({ method: 'eth_subscription', params: { subscription: '0xsub', result: { number: 'x' } } });
        },
      ],
      [
        'CHAIN_UNREACHABLE',
        (s) => {
          goLive(s, 31337);
          s.drop();
        },
      ],
    ];
    for (const [code, play] of cases) {
      const { socket, ended } = follow();
      play(socket);
      socket.drop();
      expect(ended.map((e) => e.code)).toEqual([code]);
      expect(ended[0]?.rpcUrl).toBe(URL);
    }
  });

  it('ends with a timeout when the node does not take the subscription in time', () => {
    const { socket, ended } = follow();
    socket.accept();
    vi.advanceTimersByTime(SUBSCRIBE_TIMEOUT_MS);
    expect(ended.map((e) => e.code)).toEqual(['CHAIN_TIMEOUT']);
    expect(socket.closed).toBe(true);
  });

  it('stays quiet once closed by its caller, and a live one has no timeout', () => {
    const live = follow();
    goLive(live.socket, 31337);
    vi.advanceTimersByTime(SUBSCRIBE_TIMEOUT_MS * 10);
    expect(live.ended).toEqual([]);
    live.subscription.close();
    live.socket.drop();
    live.socket.answer(headNotice(3n));
    expect(live.ended).toEqual([]);
    expect(live.heads).toEqual([]);
    expect(live.socket.closed).toBe(true);
  });

  it('closes a socket still connecting only once it opens (the browser warns of the other way)', () => {
    const { socket, subscription, ended } = follow();
    subscription.close();
    expect(socket.closed).toBe(false);
    socket.accept();
    expect(socket.closed).toBe(true);
    expect(socket.sent).toEqual([]);
    expect(ended).toEqual([]);
  });

  it('reports a URL the socket refuses to open as unreachable', async () => {
    const ended: ChainError[] = [];
    const open = () => {
      throw new SyntaxError('bad url');
    };
    subscribeHeads(URL, 1, { live() {}, head() {}, ended: (e) => ended.push(e) }, open);
    await Promise.resolve();
    expect(ended.map((e) => e.code)).toEqual(['CHAIN_UNREACHABLE']);
  });

  it('checks a WebSocket URL before it is saved: resolves once subscribed, throws what ended it', async () => {
    const sockets = fakeSockets();
    const good = checkHeadSocket(URL, 31337, sockets.open);
    goLive(sockets.last(), 31337);
    await expect(good).resolves.toBeUndefined();
    expect(sockets.last().closed).toBe(true);
    const wrong = checkHeadSocket(URL, 10, sockets.open);
    goLive(sockets.last(), 31337);
    await expect(wrong).rejects.toMatchObject({ code: 'CHAIN_WRONG_CHAIN', actualChainId: 31337 });
  });
});
