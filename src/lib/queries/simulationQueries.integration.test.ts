import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import {
  type Address,
  createTestClient,
  encodeFunctionData,
  erc20Abi,
  http,
  maxUint256,
  parseEther,
  parseGwei,
} from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioTokens } from '@/core/assets/catalogue';
import { localNetwork } from '@/core/chain/networks';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { scenarioContractAddresses } from '../../../devchain/scenarios.ts';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { previewAccountsAndTokens } from '../send/useTransactionPreview';
import { previewPricesQuery, transactionPreviewQuery } from './simulationQueries';

const url = localChainUrl();
// Accounts 80–82 of the demo mnemonic: this file's alone.
const granted = demoAddress(80);
const others = [demoAddress(81), demoAddress(82)];
/** A token the person added themselves: which tokens they follow is theirs to keep too. */
const added: Address = '0xadded00000000000000000000000000000000042';
const stranger: Address = '0x5ec0000000000000000000000000000000000123';

/** Forwards JSON-RPC to `target` and keeps every request body it carried. */
async function recorder(target: string): Promise<{ url: string; bodies: string[]; server: Server }> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, bodies, server };
}

describe('what a preview in a site’s window reads', () => {
  let proxy: RpcFaultProxy;
  let recorded: Awaited<ReturnType<typeof recorder>>;
  beforeAll(async () => {
    await createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) }).setBalance({
      address: granted,
      value: parseEther('10'),
    });
    proxy = await startRpcFaultProxy(url);
    recorded = await recorder(proxy.url);
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => recorded.server.close(resolve));
  });

  it('names the request’s account and no other, nor the tokens the person added', async () => {
    // Without debug_traceCall the preview reads balances (eth_call with the simulator): the widest reads.
    proxy.setFault({
      kind: 'refuse',
      code: -32601,
      message: 'the method does not exist',
      methods: ['debug_traceCall'],
    });
    const network = { ...localNetwork(recorded.url), id: 'site-preview-reads' };
    const listed = portfolioTokens(network, [], [], []).map((t) => t.address);
    const scope = { site: true };
    const { own, watchTokens } = previewAccountsAndTokens({
      scope,
      from: granted,
      accounts: [granted, ...others],
      listed,
      added: [added],
    });
    const tx = {
      from: granted,
      to: stranger,
      value: parseEther('0.01'),
      gas: 21_000n,
      maxFeePerGas: parseGwei('3'),
      maxPriorityFeePerGas: parseGwei('1'),
    };
    const queries = new QueryClient();
    const preview = transactionPreviewQuery(network, tx, { own, savedAbis: [], contractAbis: [], watchTokens });
    const { result } = await queries.fetchQuery(preview);
    expect(result.strategy).toBe('stateOverride');
    await queries.fetchQuery(previewPricesQuery(network));

    const sent = recorded.bodies.join('\n').toLowerCase();
    const hexOf = (address: string) => address.slice(2).toLowerCase();
    expect(sent).toContain(hexOf(granted));
    for (const other of others) expect(sent).not.toContain(hexOf(other));
    expect(sent).not.toContain(hexOf(added));
  });
});

describe('what a review reads at each new block', () => {
  it('the next block and the simulation alone: no balance a trace does not need, no code read again', async () => {
    const proxy = await startRpcFaultProxy(url);
    try {
      const network = { ...localNetwork(proxy.url), id: 'per-block-reads' };
      const { DAI, SWAP } = { ...demoContractAddresses(), ...scenarioContractAddresses() };
      // An unlimited allowance to the swap: its warnings need the code at the spender.
      const tx = {
        from: granted,
        to: DAI,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SWAP, maxUint256] }),
        gas: 80_000n,
        maxFeePerGas: parseGwei('3'),
        maxPriorityFeePerGas: parseGwei('1'),
      };
      const queries = new QueryClient();
      const preview = transactionPreviewQuery(network, tx, {
        own: [granted],
        savedAbis: [],
        contractAbis: [],
        watchTokens: [],
      });
      const first = await queries.fetchQuery(preview);
      expect(first.result.strategy).toBe('structLogs');
      expect(first.facts.code.get(SWAP.toLowerCase())).toBe(true);

      await createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) }).mine({ blocks: 1 });
      proxy.resetCounts();
      const again = await queries.fetchQuery({ ...preview, staleTime: 0 });
      expect(again.result.block).toBe((first.result.block ?? 0n) + 1n);
      expect(again.facts.code.get(SWAP.toLowerCase())).toBe(true);
      expect(proxy.calls).toEqual({ eth_getBlockByNumber: 1, eth_feeHistory: 1, debug_traceCall: 1 });
    } finally {
      await proxy.close();
    }
  });
});
