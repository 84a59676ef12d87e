import {
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  keccak256,
  parseAbi,
  parseUnits,
  serializeTransaction,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { useLocalOpChain } from '@/testing/localOpChain';
import { browserSocket, type SocketHead, subscribeHeads } from '../src/core/chain/headSubscription.ts';
import { LOCAL_OP_CHAIN_ID, MULTICALL3_ADDRESS, MULTICALL3_CODE_HASH } from '../src/core/chain/localChain.ts';
import { LOCAL_L1_BLOCK, opContractAddresses, SEQUENCER_UP_FOR_SECONDS } from './opSeed.ts';
import { demoAccount, demoAddress } from './seedSupport.ts';

const GAS_PRICE_ORACLE = '0x420000000000000000000000000000000000000F';
const gasPriceOracleAbi = parseAbi([
  'function getL1Fee(bytes) view returns (uint256)',
  'function isFjord() view returns (bool)',
]);
const feedAbi = parseAbi([
  'function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)',
  'function setAnswer(int192)',
]);
const opChain = defineChain({
  id: LOCAL_OP_CHAIN_ID,
  name: 'Local OP chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
});

describe('the local OP Stack chain, seeded', () => {
  const op = useLocalOpChain();
  const client = () => createPublicClient({ chain: opChain, transport: http(op.current().chain.url) });

  it('is an OP Stack chain: its id, the L2 predeploys and Multicall3', async () => {
    const c = client();
    expect(await c.getChainId()).toBe(LOCAL_OP_CHAIN_ID);
    expect(await c.readContract({ address: GAS_PRICE_ORACLE, abi: gasPriceOracleAbi, functionName: 'isFjord' })).toBe(
      true,
    );
    const multicall = await c.getCode({ address: MULTICALL3_ADDRESS });
    expect(multicall && keccak256(multicall)).toBe(MULTICALL3_CODE_HASH);
  });

  it('holds the demo tokens at their own addresses, with the seeded balances and history', async () => {
    const c = client();
    const { contracts, history } = op.current().manifest;
    expect(contracts).toEqual(opContractAddresses());
    const balance = (token: `0x${string}`, index: number) =>
      c.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [demoAddress(index)] });
    expect(await balance(contracts.USDC, 0)).toBe(parseUnits('1784.5', 6));
    expect(await balance(contracts.DAI, 0)).toBe(parseUnits('860', 18));
    expect(history).toHaveLength(16);
    const first = await c.getTransactionReceipt({ hash: history[0] as `0x${string}` });
    const last = await c.getTransactionReceipt({ hash: history.at(-1) as `0x${string}` });
    const [early, late] = await Promise.all([
      c.getBlock({ blockNumber: first.blockNumber }),
      c.getBlock({ blockNumber: last.blockNumber }),
    ]);
    // Spread over the ten days since genesis, not one second apart.
    expect(Number(late.timestamp - early.timestamp)).toBeGreaterThan(5 * 86_400);
  });

  it('prices the seeded feeds, and its sequencer has been up past an hour of grace', async () => {
    const c = client();
    const { contracts } = op.current().manifest;
    const [, eth] = await c.readContract({
      address: contracts.ETH_USD_FEED,
      abi: feedAbi,
      functionName: 'latestRoundData',
    });
    expect(eth).toBe(3_250_12000000n);
    const [, status, startedAt] = await c.readContract({
      address: contracts.SEQUENCER_FEED,
      abi: feedAbi,
      functionName: 'latestRoundData',
    });
    expect(status).toBe(0n);
    const now = (await c.getBlock()).timestamp;
    expect(Number(now - startedAt)).toBeGreaterThanOrEqual(SEQUENCER_UP_FOR_SECONDS - 5);
  });

  it("charges an L1 data fee equal to the GasPriceOracle's quote for the unsigned transaction", async () => {
    const c = client();
    const sender = demoAccount(3);
    const wallet = createWalletClient({ account: sender, chain: opChain, transport: http(op.current().chain.url) });
    const block = await c.getBlock();
    const base = block.baseFeePerGas ?? 0n;
    const tx = {
      chainId: LOCAL_OP_CHAIN_ID,
      type: 'eip1559' as const,
      to: demoAddress(4),
      value: 10n ** 17n,
      nonce: await c.getTransactionCount({ address: sender.address }),
      gas: 21_000n,
      maxFeePerGas: 2n * base + 1n,
      maxPriorityFeePerGas: 1n,
    };
    const quoted = await c.readContract({
      address: GAS_PRICE_ORACLE,
      abi: gasPriceOracleAbi,
      functionName: 'getL1Fee',
      args: [serializeTransaction(tx)],
    });
    const before = await c.getBalance({ address: sender.address });
    const hash = await wallet.sendTransaction(tx);
    const receipt = await c.getTransactionReceipt({ hash });
    // viem leaves the OP Stack's receipt fields as the node sent them (hex) without OP formatters.
    const l1Fee = BigInt((receipt as unknown as { l1Fee: string }).l1Fee);
    const after = await c.getBalance({ address: sender.address });
    expect(quoted).toBeGreaterThan(0n);
    expect(l1Fee).toBe(quoted);
    // A transfer's L1 data fee is most of its cost on an L2, as on OP Mainnet.
    const l2Fee = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(quoted).toBeGreaterThan(l2Fee);
    expect(before - after).toBe(tx.value + l2Fee + quoted);
    // Priced by the L1 values the seed set in L1Block, read back from the chain.
    const l1Block = parseAbi(['function basefee() view returns (uint256)']);
    expect(
      await c.readContract({
        address: '0x4200000000000000000000000000000000000015',
        abi: l1Block,
        functionName: 'basefee',
      }),
    ).toBe(LOCAL_L1_BLOCK.baseFee);
  });

  it('answers the test methods the e2e tests rely on: snapshot and revert', async () => {
    const url = op.current().chain.url;
    const rpc = async (method: string, params: unknown[] = []) =>
      (
        (await (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          })
        ).json()) as { result: unknown }
      ).result;
    const height = async () => BigInt((await rpc('eth_blockNumber')) as string);
    const before = await height();
    const snapshot = await rpc('evm_snapshot');
    await rpc('evm_mine');
    expect(await height()).toBe(before + 1n);
    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    expect(await height()).toBe(before);
  });

  it('tells of each new block over a WebSocket on its HTTP port, as the L1 chain does', async () => {
    const url = op.current().chain.url;
    const socket = browserSocket();
    if (!socket) throw new Error('no WebSocket in this Node');
    const heads: SocketHead[] = [];
    let wentLive!: () => void;
    const live = new Promise<void>((resolve) => {
      wentLive = resolve;
    });
    const subscription = subscribeHeads(
      url.replace(/^http/, 'ws'),
      LOCAL_OP_CHAIN_ID,
      { live: wentLive, head: (head) => heads.push(head), ended: () => undefined },
      socket,
    );
    try {
      await live;
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
      });
      const latest = await client().getBlock({ blockTag: 'latest' });
      await expect.poll(() => heads.find((head) => head.number === latest.number)?.hash).toBe(latest.hash);
    } finally {
      subscription.close();
    }
  });
});
