// A JSON-RPC proxy for fault tests: sits between Cairn and a real node and can delay, drop,
// rate-limit (429), fail (500) or corrupt answers, and counts the requests it saw.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { findFreePort, LOOPBACK } from '../../scripts/ports.ts';

export type Fault = (
  | { kind: 'none' }
  | { kind: 'delay'; ms: number }
  | { kind: 'drop' }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'corrupt' }
  /** Answers eth_chainId with another chain's id (a node switched to another chain). */
  | { kind: 'chainId'; chainId: number }
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
  setFault(fault: Fault): void;
  resetCounts(): void;
  close(): Promise<void>;
};

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

export async function startRpcFaultProxy(targetUrl: string): Promise<RpcFaultProxy> {
  let fault: Fault = { kind: 'none' };
  let requests = 0;
  let calls: Record<string, number> = {};
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
    const body = await readBody(request);
    requests++;
    const methods: string[] = [];
    const chainIdCalls = new Set<unknown>();
    try {
      const parsed = JSON.parse(body) as { method?: string; id?: unknown } | { method?: string; id?: unknown }[];
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
        const method = call.method ?? '?';
        if (method === 'eth_chainId') chainIdCalls.add(call.id);
        methods.push(method);
        calls[method] = (calls[method] ?? 0) + 1;
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
    try {
      const upstream = await fetch(targetUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const text = await upstream.text();
      let answer = current.kind === 'corrupt' ? text.slice(0, Math.max(1, Math.floor(text.length / 2))) : text;
      if (current.kind === 'chainId') answer = withChainId(text, chainIdCalls, current.chainId);
      response.writeHead(upstream.status, { ...cors, 'Content-Type': 'application/json' }).end(answer);
    } catch {
      response.writeHead(502, cors).end('upstream unreachable');
    }
  });
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
    setFault(next) {
      fault = next;
    },
    resetCounts() {
      requests = 0;
      calls = {};
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
