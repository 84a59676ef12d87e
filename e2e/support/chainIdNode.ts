// A stand-in for a third-party RPC node that a site asks Cairn to add (wallet_addEthereumChain):
// it answers eth_chainId with the id it is given, on a free port of 127.0.0.1, with the CORS
// headers a public node sends, and counts what it was asked.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChainIdNode = { url: string; methods: string[]; close(): Promise<void> };

export async function startChainIdNode(chainId: number): Promise<ChainIdNode> {
  const methods: string[] = [];
  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'content-type');
    if (request.method === 'OPTIONS') return void response.end();
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const calls = [JSON.parse(body)].flat() as { id: number; method: string }[];
      const answers = calls.map(({ id, method }) => {
        methods.push(method);
        return method === 'eth_chainId'
          ? { jsonrpc: '2.0', id, result: `0x${chainId.toString(16)}` }
          : { jsonrpc: '2.0', id, error: { code: -32601, message: `${method} is not offered here` } };
      });
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify(Array.isArray(JSON.parse(body)) ? answers : answers[0]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    methods,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
