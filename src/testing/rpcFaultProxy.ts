// A JSON-RPC proxy for fault tests: sits between Cairn and a real node and can delay, drop,
// rate-limit (429), fail (500) or corrupt answers, and counts the requests it saw. WebSocket
// upgrades pass to the node (socketPassThrough.ts), counted apart; a fault that takes the whole
// node away (drop, an HTTP status or corrupt answers, for every method) cuts them too.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { findFreePort, LOOPBACK } from '../../scripts/serve/ports.ts';
import { type NodeLie, tellLie } from './nodeLies.ts';
import { noSocketCounts, type SocketCounts, socketPassThrough } from './socketPassThrough.ts';

export type Fault = (
  | { kind: 'none' }
  | { kind: 'delay'; ms: number }
  | { kind: 'drop' }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'corrupt' }
  /** Answers eth_chainId with another chain's id (a node switched to another chain). */
  | { kind: 'chainId'; chainId: number }
  /** Refuses eth_getLogs over more than `maxBlocks` blocks, as many hosted nodes do (-32005). */
  | { kind: 'logRangeLimit'; maxBlocks: number }
  /**
   * Answers the chosen methods with a JSON-RPC error, as a node without them does (others pass).
   * With `minParams`, only calls with at least that many parameters are refused (an eth_call
   * with a state override has 3), as a node that does not take the extra parameter does.
   */
  | { kind: 'refuse'; code: number; message: string; minParams?: number }
  /** Forwards the chosen methods with only their first `keep` parameters: a node that ignores the rest. */
  | { kind: 'truncateParams'; keep: number }
  /** Answers truly, then tells the lie about what it answered (nodeLies.ts). */
  | { kind: 'lie'; lie: NodeLie }
) & {
  /** Only requests carrying one of these JSON-RPC methods are affected (all when absent). */
  methods?: readonly string[];
};

export type RpcFaultProxy = {
  url: string;
  /** Requests received (an HTTP request carrying a JSON-RPC batch counts once). */
  readonly requests: number;
  /** JSON-RPC calls received, batches counted per call, by method. */
  readonly calls: Record<string, number>;
  /** Every JSON-RPC call received (after resetCounts), in order, with its parameters and when it came (performance.now()). */
  readonly log: readonly SeenCall[];
  /**
   * Every HTTP request answered (after resetCounts), in the order answered: its number (as in
   * `log`), when it came and when its answer was sent (performance.now()).
   */
  readonly exchanges: readonly Exchange[];
  /** The block ranges of every eth_getLogs received (after resetCounts). */
  readonly logRanges: [bigint, bigint][];
  /** Time spent waiting for the node's answers, summed over requests (after resetCounts). */
  readonly upstreamMs: number;
  /** What went over WebSockets (after resetCounts): not in `requests` nor `calls`. */
  readonly sockets: SocketCounts;
  setFault(fault: Fault): void;
  /** Whether WebSocket upgrades pass (they do unless told); false also cuts the open ones. */
  allowSockets(allowed: boolean): void;
  resetCounts(): void;
  close(): Promise<void>;
};

type RpcCall = { method?: string; id?: unknown; params?: unknown[] };

/** One JSON-RPC call as the proxy saw it, with the HTTP request it came in (1 for the first after resetCounts). */
export type SeenCall = { method: string; params: readonly unknown[]; at: number; request: number };

/** One HTTP request the proxy answered: its number (1 for the first after resetCounts), when it came and when its answer went. */
export type Exchange = { request: number; came: number; answered: number };

/** The [from, to] blocks of an eth_getLogs call ('latest' and missing bounds count as unbounded). */
function logRange(call: RpcCall): [bigint, bigint] {
  const filter = (call.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
  const block = (tag: string | undefined, fallback: bigint) => (tag?.startsWith('0x') ? BigInt(tag) : fallback);
  return [block(filter.fromBlock, 0n), block(filter.toBlock, 2n ** 64n)];
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The node's answer with every eth_chainId result (by request id) replaced. */
function withChainId(text: string, ids: Set<unknown>, chainId: number): string {
  type Answer = { id?: unknown; result?: unknown };
  const parsed = JSON.parse(text) as Answer | Answer[];
  const rewrite = (a: Answer): Answer => (ids.has(a.id) ? { ...a, result: `0x${chainId.toString(16)}` } : a);
  return JSON.stringify(Array.isArray(parsed) ? parsed.map(rewrite) : rewrite(parsed));
}

/** A fault that takes the whole node away, WebSocket included. */
const nodeGone = (fault: Fault) =>
  !fault.methods && (fault.kind === 'drop' || fault.kind === 'status' || fault.kind === 'corrupt');

export async function startRpcFaultProxy(targetUrl: string): Promise<RpcFaultProxy> {
  let fault: Fault = { kind: 'none' };
  let socketsAllowed = true;
  const sockets = socketPassThrough(new URL(targetUrl));
  let requests = 0;
  let calls: Record<string, number> = {};
  let logRanges: [bigint, bigint][] = [];
  let log: SeenCall[] = [];
  let exchanges: Exchange[] = [];
  let upstreamMs = 0;
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'content-type',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
  };

  const server: Server = createServer(async (request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    const came = performance.now();
    const body = await readBody(request);
    const number = ++requests;
    // Counts kept from before a reset are not this exchange's.
    const seen = exchanges;
    response.once('finish', () => seen.push({ request: number, came, answered: performance.now() }));
    const methods: string[] = [];
    const chainIdCalls = new Set<unknown>();
    let parsedCalls: RpcCall[] = [];
    let isBatch = false;
    try {
      const parsed = JSON.parse(body) as RpcCall | RpcCall[];
      isBatch = Array.isArray(parsed);
      parsedCalls = Array.isArray(parsed) ? parsed : [parsed];
      for (const call of parsedCalls) {
        const method = call.method ?? '?';
        if (method === 'eth_chainId') chainIdCalls.add(call.id);
        if (method === 'eth_getLogs') logRanges.push(logRange(call));
        methods.push(method);
        calls[method] = (calls[method] ?? 0) + 1;
        log.push({ method, params: call.params ?? [], at: performance.now(), request: number });
      }
    } catch {
      // not JSON: forwarded as is
    }
    const applies = !fault.methods || methods.some((m) => fault.methods?.includes(m));
    const current: Fault = applies ? fault : { kind: 'none' };
    if (current.kind === 'drop') {
      request.socket.destroy();
      return;
    }
    if (current.kind === 'status') {
      response.writeHead(current.status, { ...cors, 'Content-Type': 'text/plain' }).end(current.body ?? 'fault');
      return;
    }
    if (current.kind === 'delay') {
      await new Promise((r) => setTimeout(r, current.ms));
      // The caller went away while the request was held (a closed tab): it never reaches the node.
      if (request.socket.destroyed) return;
    }
    if (current.kind === 'truncateParams') {
      for (const call of parsedCalls) {
        if (current.methods?.includes(call.method ?? '') ?? true) call.params = call.params?.slice(0, current.keep);
      }
    }
    if (current.kind === 'logRangeLimit' || current.kind === 'refuse' || current.kind === 'truncateParams') {
      const limit = current.kind === 'logRangeLimit' ? BigInt(current.maxBlocks) : 0n;
      const refused = (call: RpcCall) => {
        if (current.kind === 'truncateParams') return false;
        if (current.kind === 'refuse') {
          const chosen = current.methods?.includes(call.method ?? '') ?? true;
          return chosen && (call.params?.length ?? 0) >= (current.minParams ?? 0);
        }
        if (call.method !== 'eth_getLogs') return false;
        const [from, to] = logRange(call);
        return to - from + 1n > limit;
      };
      // (truncateParams refuses nothing: it forwards the calls it cut short.)
      const error =
        current.kind === 'refuse'
          ? { code: current.code, message: current.message }
          : { code: -32005, message: `query exceeds max block range ${limit}` };
      const passing = parsedCalls.filter((call) => !refused(call));
      const answers = new Map<unknown, unknown>();
      if (passing.length > 0) {
        const asked = performance.now();
        const upstream = await fetch(targetUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(passing),
        });
        for (const answer of (await upstream.json()) as { id: unknown }[]) answers.set(answer.id, answer);
        upstreamMs += performance.now() - asked;
      }
      const merged = parsedCalls.map(
        (call) =>
          answers.get(call.id) ?? {
            jsonrpc: '2.0',
            id: call.id,
            error,
          },
      );
      response
        .writeHead(200, { ...cors, 'Content-Type': 'application/json' })
        .end(JSON.stringify(isBatch ? merged : merged[0]));
      return;
    }
    try {
      const asked = performance.now();
      const upstream = await fetch(targetUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const text = await upstream.text();
      upstreamMs += performance.now() - asked;
      let answer = current.kind === 'corrupt' ? text.slice(0, Math.max(1, Math.floor(text.length / 2))) : text;
      if (current.kind === 'chainId') answer = withChainId(text, chainIdCalls, current.chainId);
      if (current.kind === 'lie' && upstream.ok) answer = tellLie(current.lie, parsedCalls, text);
      response.writeHead(upstream.status, { ...cors, 'Content-Type': 'application/json' }).end(answer);
    } catch {
      response.writeHead(502, cors).end('upstream unreachable');
    }
  });
  server.on('upgrade', sockets.upgrade);
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, LOOPBACK, resolve));
  return {
    url: `http://${LOOPBACK}:${port}`,
    get requests() {
      return requests;
    },
    get calls() {
      return { ...calls };
    },
    get logRanges() {
      return [...logRanges];
    },
    get log() {
      return [...log];
    },
    get exchanges() {
      return [...exchanges];
    },
    get upstreamMs() {
      return upstreamMs;
    },
    get sockets() {
      return { ...sockets.counts, calls: { ...sockets.counts.calls } };
    },
    setFault(next) {
      fault = next;
      sockets.allow(socketsAllowed && !nodeGone(next));
    },
    allowSockets(allowed) {
      socketsAllowed = allowed;
      sockets.allow(allowed && !nodeGone(fault));
    },
    resetCounts() {
      requests = 0;
      calls = {};
      logRanges = [];
      log = [];
      exchanges = [];
      upstreamMs = 0;
      sockets.counts = noSocketCounts();
    },
    close: () =>
      new Promise<void>((resolve) => {
        sockets.closeAll();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
