// The local node as one that answers eth_createAccessList, which Hardhat 2.29 does not (geth,
// Nethermind, Besu, Erigon and Reth do): an HTTP front that answers it with the list it is given
// and passes every other call, batches included, to the node. With no list it passes that too,
// and the node refuses it as it always does. For the tests and bench of verified calls.
import { createServer, type IncomingMessage } from 'node:http';
import type { Address, Hex } from 'viem';
import { findFreePort, LOOPBACK } from '../../scripts/serve/ports.ts';
import type { SeenCall } from './rpcFaultProxy.ts';

export type AccessList = { address: Address; storageKeys: Hex[] }[];

export type AccessListNode = {
  url: string;
  /** What eth_createAccessList answers from now on (undefined: the node's own refusal). */
  list: AccessList | undefined;
  close(): Promise<void>;
};

type RpcCall = { jsonrpc?: string; id?: unknown; method?: string; params?: unknown[] };

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startAccessListNode(nodeUrl: string): Promise<AccessListNode> {
  const front: AccessListNode = { url: '', list: undefined, close: async () => undefined };
  const server = createServer(async (request, response) => {
    const parsed = JSON.parse(await readBody(request)) as RpcCall | RpcCall[];
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    const listed = (call: RpcCall) => call.method === 'eth_createAccessList' && front.list !== undefined;
    const passing = calls.filter((call) => !listed(call));
    const answers = new Map<unknown, unknown>();
    if (passing.length > 0) {
      const upstream = await fetch(nodeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(passing),
      });
      for (const answer of (await upstream.json()) as { id: unknown }[]) answers.set(answer.id, answer);
    }
    const merged = calls.map((call) =>
      listed(call)
        ? { jsonrpc: '2.0', id: call.id, result: { accessList: front.list, gasUsed: '0x0' } }
        : answers.get(call.id),
    );
    response
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify(Array.isArray(parsed) ? merged : merged[0]));
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, LOOPBACK, resolve));
  front.url = `http://${LOOPBACK}:${port}`;
  front.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return front;
}

/**
 * The access list of what a fault proxy saw proven (its eth_getProof calls, after resetCounts):
 * the list an honest node gives for a call is what the call reads.
 */
export function accessListOf(log: readonly SeenCall[]): AccessList {
  const slots = new Map<Address, Set<Hex>>();
  for (const { method, params } of log) {
    if (method !== 'eth_getProof') continue;
    const [address, keys] = params as [Address, Hex[]];
    const known = slots.get(address.toLowerCase() as Address) ?? new Set<Hex>();
    for (const key of keys) known.add(key);
    slots.set(address.toLowerCase() as Address, known);
  }
  return [...slots].map(([address, keys]) => ({ address, storageKeys: [...keys] }));
}
