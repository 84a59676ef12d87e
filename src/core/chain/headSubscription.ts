import { type Hex, hexToBigInt, hexToNumber, isHex } from 'viem';
import { ChainError, type ChainErrorCode, WrongChainError } from '../errors/chain';
import { type Message, msg } from '../i18n/message';

/**
 * One `eth_subscribe('newHeads')` over a WebSocket: the node tells of each new block as it comes,
 * so nothing need be asked while no block comes. Hand-written rather than viem's webSocket
 * transport: that one keeps one socket per URL for the whole page, reconnects and resubscribes on
 * its own schedule and never says when it gave up, where the head follower must know at once when
 * the socket fails (to poll again), choose when to try again (headFeed.ts), and check the chain id
 * on every connection before it trusts a head.
 */

/** What a newHeads notification tells of a block. */
export type SocketHead = { number: bigint; hash: Hex; parentHash: Hex; timestamp: bigint };

/** The part of the WebSocket API used here: the browser's, or any other with its shape. */
export type HeadSocket = {
  /** 0 while connecting (WebSocket.CONNECTING). */
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: never) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
};
export type OpenHeadSocket = (url: string) => HeadSocket;

export type HeadSubscriptionEvents = {
  /** The node answered with the network's chain id and took the subscription. */
  live(): void;
  head(head: SocketHead): void;
  /** Once, when the connection fails or closes (never after close()). */
  ended(error: ChainError): void;
};

export type HeadSubscription = { close(): void };

/** How long connecting, the chain id check and the subscription may take together. */
export const SUBSCRIBE_TIMEOUT_MS = 10_000;

const CHAIN_ID_ID = 1;
const SUBSCRIBE_ID = 2;

/** The browser's WebSocket, where there is one (Node 20 has none unless asked for). */
export function browserSocket(): OpenHeadSocket | undefined {
  const Socket = (globalThis as { WebSocket?: new (url: string) => HeadSocket }).WebSocket;
  return Socket ? (url) => new Socket(url) : undefined;
}

type Answer = { id?: unknown; result?: unknown; error?: unknown; method?: unknown; params?: unknown };

function parseHead(value: unknown): SocketHead | undefined {
  const { number, hash, parentHash, timestamp } = (value ?? {}) as Record<string, unknown>;
  if (!isHex(number) || !isHex(hash) || !isHex(parentHash) || !isHex(timestamp)) return undefined;
  return { number: hexToBigInt(number), hash, parentHash, timestamp: hexToBigInt(timestamp) };
}

/**
 * Opens `url`, checks its chain id against `chainId`, subscribes to newHeads and reports each new
 * head. Ends (events.ended, once) with a ChainError: CHAIN_UNREACHABLE (refused or closed),
 * CHAIN_TIMEOUT (not subscribed within SUBSCRIBE_TIMEOUT_MS), CHAIN_WRONG_CHAIN,
 * CHAIN_METHOD_UNSUPPORTED (no subscriptions), CHAIN_RPC_ERROR (eth_chainId refused),
 * CHAIN_MALFORMED_RESPONSE.
 */
export function subscribeHeads(
  url: string,
  chainId: number,
  events: HeadSubscriptionEvents,
  open: OpenHeadSocket,
): HeadSubscription {
  let ended = false;
  let subscription: unknown;
  let socket: HeadSocket | undefined;

  const detach = () => {
    clearTimeout(timer);
    if (!socket) return;
    const closing = socket;
    closing.onopen = closing.onmessage = closing.onclose = closing.onerror = null;
    // Closed while still connecting, a browser writes a console warning: closed once open instead.
    if (closing.readyState === 0) closing.onopen = () => closing.close();
    else closing.close();
  };
  const fail = (error: ChainError) => {
    if (ended) return;
    ended = true;
    detach();
    events.ended(error);
  };
  const failWith = (code: ChainErrorCode, message: Message) => fail(new ChainError(code, message, { rpcUrl: url }));
  const timer = setTimeout(() => failWith('CHAIN_TIMEOUT', msg('core.chain:node.timeout')), SUBSCRIBE_TIMEOUT_MS);
  const send = (id: number, method: string, params: unknown[]) =>
    socket?.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));

  const onAnswer = (answer: Answer) => {
    if (answer.method === 'eth_subscription') {
      const params = (answer.params ?? {}) as { subscription?: unknown; result?: unknown };
      if (subscription === undefined || params.subscription !== subscription) return;
      const head = parseHead(params.result);
      if (!head) return failWith('CHAIN_MALFORMED_RESPONSE', msg('core.chain:node.malformed'));
      events.head(head);
      return;
    }
    if (answer.id === CHAIN_ID_ID) {
      if (answer.error !== undefined) return failWith('CHAIN_RPC_ERROR', msg('core.chain:node.refused'));
      if (!isHex(answer.result)) return failWith('CHAIN_MALFORMED_RESPONSE', msg('core.chain:node.malformed'));
      const actual = hexToNumber(answer.result);
      if (actual !== chainId)
        return fail(new WrongChainError({ expectedChainId: chainId, actualChainId: actual, rpcUrl: url }));
      send(SUBSCRIBE_ID, 'eth_subscribe', ['newHeads']);
      return;
    }
    if (answer.id === SUBSCRIBE_ID) {
      if (answer.error !== undefined || answer.result === undefined || answer.result === null)
        return failWith('CHAIN_METHOD_UNSUPPORTED', msg('core.chain:node.methodUnsupported'));
      subscription = answer.result;
      clearTimeout(timer);
      events.live();
    }
  };

  const handle: HeadSubscription = {
    close() {
      if (ended) return;
      ended = true;
      detach();
    },
  };
  try {
    socket = open(url);
  } catch {
    // A URL the browser refuses outright: as unreachable as a closed port.
    queueMicrotask(() => failWith('CHAIN_UNREACHABLE', msg('core.chain:node.unreachable')));
    return handle;
  }
  socket.onopen = () => send(CHAIN_ID_ID, 'eth_chainId', []);
  socket.onmessage = (event) => {
    let answer: Answer;
    try {
      answer = JSON.parse(String(event.data)) as Answer;
    } catch {
      return failWith('CHAIN_MALFORMED_RESPONSE', msg('core.chain:node.malformed'));
    }
    if (answer && typeof answer === 'object') onAnswer(answer);
  };
  socket.onerror = socket.onclose = () => failWith('CHAIN_UNREACHABLE', msg('core.chain:node.unreachable'));
  return handle;
}

/**
 * Whether `url` answers with `chainId` and takes a newHeads subscription (closed at once): the
 * check before a WebSocket URL is saved. Throws the ChainError subscribeHeads ends with.
 */
export function checkHeadSocket(url: string, chainId: number, open: OpenHeadSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    const subscription = subscribeHeads(
      url,
      chainId,
      {
        live() {
          subscription.close();
          resolve();
        },
        head() {},
        ended: reject,
      },
      open,
    );
  });
}
