// A stand-in for an Etherscan API v2 explorer over a local node, for tests: account/txlist,
// account/txlistinternal (always empty: the local chain has no traces), account/balance, logs/getLogs
// (topic0 and topic1) and
// contract/getabi (the ABIs given in `options.verified`; any other address is "not verified"), in
// Etherscan's answer format, with one API key accepted. It reads the chain the slow way.
import { createServer, type Server } from 'node:http';
import { createPublicClient, http } from 'viem';
import { hardhat } from 'viem/chains';
import { findFreePort, LOOPBACK } from '../../scripts/serve/ports.ts';

export type FakeExplorer = {
  url: string;
  apiKey: string;
  requests: number;
  /** Requests that named this address (any case). */
  askedFor(address: string): number;
  close(): Promise<void>;
};

export type FakeExplorerOptions = {
  /** Verified contracts: address (any case) → its ABI, served by contract/getabi. */
  verified?: Record<string, readonly unknown[]>;
  /** Accounts (any case) whose lists are refused, for them alone (a NOTOK answer). */
  refused?: readonly string[];
  /** Accounts (any case) asked for which the explorer answers HTTP 503, as a busy backend does. */
  busyFor?: readonly string[];
};

export async function startFakeExplorer(
  nodeUrl: string,
  apiKey = 'TESTKEY1234567890',
  options: FakeExplorerOptions = {},
): Promise<FakeExplorer> {
  const verified = new Map(
    Object.entries(options.verified ?? {}).map(([address, abi]) => [address.toLowerCase(), abi]),
  );
  const refused = new Set((options.refused ?? []).map((address) => address.toLowerCase()));
  const busyFor = new Set((options.busyFor ?? []).map((address) => address.toLowerCase()));
  const node = createPublicClient({ chain: hardhat, transport: http(nodeUrl) });
  let requests = 0;
  const asked = new Map<string, number>();
  const answer = (status: string, message: string, result: unknown) => JSON.stringify({ status, message, result });

  async function txlist(address: string, start: bigint, end: bigint, page: number, offset: number) {
    const me = address.toLowerCase();
    const head = await node.getBlockNumber({ cacheTime: 0 });
    const rows: Record<string, string>[] = [];
    for (let n = start; n <= (end < head ? end : head); n++) {
      const block = await node.getBlock({ blockNumber: n, includeTransactions: true });
      for (const tx of block.transactions) {
        if (tx.from.toLowerCase() !== me && tx.to?.toLowerCase() !== me) continue;
        const receipt = await node.getTransactionReceipt({ hash: tx.hash });
        rows.push({
          blockNumber: String(n),
          timeStamp: String(block.timestamp),
          hash: tx.hash,
          nonce: String(tx.nonce),
          blockHash: block.hash,
          transactionIndex: String(tx.transactionIndex),
          from: tx.from.toLowerCase(),
          to: tx.to?.toLowerCase() ?? '',
          value: String(tx.value),
          gas: String(tx.gas),
          gasPrice: String(receipt.effectiveGasPrice),
          isError: receipt.status === 'success' ? '0' : '1',
          txreceipt_status: receipt.status === 'success' ? '1' : '0',
          input: tx.input,
          contractAddress: receipt.contractAddress?.toLowerCase() ?? '',
          cumulativeGasUsed: String(receipt.cumulativeGasUsed),
          gasUsed: String(receipt.gasUsed),
          confirmations: String(head - n + 1n),
        });
      }
    }
    return rows.slice((page - 1) * offset, page * offset);
  }

  const server: Server = createServer(async (request, response) => {
    requests++;
    const url = new URL(request.url ?? '/', 'http://x');
    const q = (name: string) => url.searchParams.get(name) ?? '';
    const named = q('address').toLowerCase();
    asked.set(named, (asked.get(named) ?? 0) + 1);
    const headers = { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' };
    try {
      if (q('apikey') !== apiKey) {
        response.writeHead(200, headers).end(answer('0', 'NOTOK', 'Invalid API Key (#err2)|v2'));
        return;
      }
      if (q('chainid') !== String(hardhat.id)) {
        response
          .writeHead(200, headers)
          .end(answer('0', 'NOTOK', 'Missing or unsupported chainid parameter (required for v2 api)'));
        return;
      }
      const action = q('action');
      if (busyFor.has(q('address').toLowerCase())) {
        response.writeHead(503, headers).end('Service Unavailable');
        return;
      }
      if (refused.has(q('address').toLowerCase())) {
        response.writeHead(200, headers).end(answer('0', 'NOTOK', 'Error! Invalid address format'));
        return;
      }
      if (q('module') === 'contract' && action === 'getabi') {
        const abi = verified.get(q('address').toLowerCase());
        response
          .writeHead(200, headers)
          .end(
            abi ? answer('1', 'OK', JSON.stringify(abi)) : answer('0', 'NOTOK', 'Contract source code not verified'),
          );
        return;
      }
      if (action === 'balance') {
        const balance = await node.getBalance({ address: q('address') as `0x${string}` });
        response.writeHead(200, headers).end(answer('1', 'OK', String(balance)));
        return;
      }
      if (q('module') === 'logs' && action === 'getLogs') {
        const logs = await node.getLogs({
          fromBlock: BigInt(q('fromBlock') || '0'),
          toBlock: BigInt(q('toBlock') || '99999999'),
          topics: [q('topic0') as `0x${string}`, q('topic1') as `0x${string}`],
        } as never);
        const offset = Number(q('offset') || '1000');
        const page = Number(q('page') || '1');
        // As Etherscan writes them: numbers in hex, "0x" for zero.
        const hex = (n: bigint | number) => (n === 0 || n === 0n ? '0x' : `0x${n.toString(16)}`);
        const rows = logs.slice((page - 1) * offset, page * offset).map((log) => ({
          address: log.address.toLowerCase(),
          topics: log.topics,
          data: log.data,
          blockNumber: hex(log.blockNumber ?? 0n),
          transactionHash: log.transactionHash,
          transactionIndex: hex(log.transactionIndex ?? 0),
          logIndex: hex(log.logIndex ?? 0),
        }));
        response
          .writeHead(200, headers)
          .end(rows.length ? answer('1', 'OK', rows) : answer('0', 'No records found', []));
        return;
      }
      if (action === 'txlistinternal') {
        response.writeHead(200, headers).end(answer('0', 'No transactions found', []));
        return;
      }
      if (action === 'txlist') {
        const rows = await txlist(
          q('address'),
          BigInt(q('startblock') || '0'),
          BigInt(q('endblock') || '99999999'),
          Number(q('page') || '1'),
          Number(q('offset') || '10000'),
        );
        response
          .writeHead(200, headers)
          .end(rows.length ? answer('1', 'OK', rows) : answer('0', 'No transactions found', []));
        return;
      }
      response.writeHead(200, headers).end(answer('0', 'NOTOK', 'Error! Invalid action'));
    } catch (error) {
      response.writeHead(500, headers).end(String(error));
    }
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, LOOPBACK, resolve));
  return {
    url: `http://${LOOPBACK}:${port}/v2/api`,
    apiKey,
    get requests() {
      return requests;
    },
    askedFor: (address) => asked.get(address.toLowerCase()) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
