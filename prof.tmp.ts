import { startChain } from './devchain/chain.ts';
import { seedChain } from './devchain/seed.ts';
import { findFreePort } from './scripts/serve/ports.ts';
import { compileContracts } from './devchain/compile.ts';
import { encodeAbiParameters, keccak256, numberToHex, pad, type Address } from 'viem';
import { localNetwork } from './src/core/chain/networks.ts';
import { chainClient } from './src/core/chain/client.ts';
import { readPortfolio } from './src/core/assets/portfolio.ts';
import { portfolioClaims } from './src/core/assets/portfolioClaims.ts';
import { verifyBalances } from './src/core/verify/verifyBalances.ts';
import { sourcesOf } from './src/core/verify/sources.ts';
import { memoryLayoutBook } from './src/core/verify/layoutBook.ts';
import { startRpcFaultProxy } from './src/testing/rpcFaultProxy.ts';
const chain = await startChain({ port: await findFreePort() });
await seedChain(chain.url);
const runtime = compileContracts().DemoToken!.deployedBytecode;
const accounts = Array.from({ length: 10 }, (_, i) => pad(numberToHex(0xbe00 + i), { size: 20 }) as Address);
const tokens = Array.from({ length: 200 }, (_, i) => pad(numberToHex(0x70c0_0000 + i), { size: 20 }) as Address);
const calls: object[] = [];
tokens.forEach((token, t) => { calls.push({ method: 'hardhat_setCode', params: [token, runtime] }); accounts.forEach((a, i) => calls.push({ method: 'hardhat_setStorageAt', params: [token, keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [a, 3n])), pad(numberToHex(BigInt(t * 1000 + i + 1)), { size: 32 })] })); });
const post = async (body: unknown) => (await fetch(chain.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
await post(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c })));
await post({ jsonrpc: '2.0', id: 0, method: 'evm_mine', params: [] });
const a = await startRpcFaultProxy(chain.url); const b = await startRpcFaultProxy(chain.url);
const request = { accounts, tokens, feeds: [] };
const book = memoryLayoutBook();
for (let run = 0; run < 4; run++) {
  const net = { ...localNetwork([a.url, b.url]), id: `p${run}` };
  const client = chainClient(net, 'background');
  let t0 = performance.now();
  const { snapshot } = await readPortfolio(client, request, true);
  const t1 = performance.now();
  let reread = 0;
  const check = await verifyBalances(sourcesOf(net, 'prompt'), net.chainId, { kind: 'agreement' }, portfolioClaims(snapshot, request), book,
    async (block) => { const s = performance.now(); const r = portfolioClaims((await readPortfolio(client, request, true, block)).snapshot, request); reread = performance.now() - s; return r; });
  const t2 = performance.now();
  console.log(`read ${(t1-t0).toFixed(0)} verify ${(t2-t1).toFixed(0)} (reread ${reread.toFixed(0)}) requests ${check.requests} problems ${check.problems.length}`);
}
await a.close(); await b.close(); await chain.stop();
