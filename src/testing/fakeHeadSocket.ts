// A scripted WebSocket for the head subscription's tests: records what Cairn sends, and lets the
// test play the node (open, answer, notify, close).
import { numberToHex } from 'viem';
import type { HeadSocket, OpenHeadSocket } from '@/core/chain/headSubscription';

export type FakeSocket = Omit<HeadSocket, 'readyState'> & {
  readyState: number;
  url: string;
  sent: { id: number; method: string; params: unknown[] }[];
  closed: boolean;
  /** The node accepts the connection. */
  accept(): void;
  /** The node sends `message` (an object is sent as JSON). */
  answer(message: unknown): void;
  /** The connection fails or ends from the node's side. */
  drop(): void;
};

export type FakeSockets = { open: OpenHeadSocket; sockets: FakeSocket[]; last(): FakeSocket };

export function fakeSockets(): FakeSockets {
  const sockets: FakeSocket[] = [];
  const open = (url: string) => {
    const socket: FakeSocket = {
      url,
      readyState: 0,
      sent: [],
      closed: false,
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      send(data) {
        if (this.closed) throw new Error('sent on a closed socket');
        this.sent.push(JSON.parse(data));
      },
      close() {
        this.closed = true;
        this.readyState = 3;
      },
      accept() {
        this.readyState = 1;
        this.onopen?.(undefined as never);
      },
      answer(message) {
        this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
      },
      drop() {
        this.closed = true;
        this.readyState = 3;
        this.onerror?.(undefined as never);
        this.onclose?.(undefined as never);
      },
    };
    sockets.push(socket);
    return socket;
  };
  return {
    open,
    sockets,
    last() {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket was opened');
      return socket;
    },
  };
}

/** Plays a node that answers `chainId` and takes the subscription as 0xsub. */
export function goLive(socket: FakeSocket, chainId: number): void {
  socket.accept();
  socket.answer({ jsonrpc: '2.0', id: 1, result: numberToHex(chainId) });
  socket.answer({ jsonrpc: '2.0', id: 2, result: '0xsub' });
}

export function headNotice(number: bigint, subscription = '0xsub') {
  const hash = `0x${number.toString(16).padStart(64, '0')}`;
  const parentHash = `0x${(number - 1n).toString(16).padStart(64, '0')}`;
  return {
    jsonrpc: '2.0',
    method: 'eth_subscription',
    params: { subscription, result: { number: numberToHex(number), hash, parentHash, timestamp: '0x10' } },
  };
}
