import {
  type Address,
  createPublicClient,
  erc20Abi,
  hexToString,
  http,
  isAddressEqual,
  keccak256,
  parseAbi,
  parseAbiItem,
} from 'viem';
import { hardhat } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { MULTICALL3_ADDRESS, MULTICALL3_CODE_HASH } from '../src/core/chain/localChain.ts';
import { feedAbi } from '../src/core/prices/feedAbi.ts';
import { roundIdOf } from '../src/core/prices/rounds.ts';
import { localChainUrl } from '../src/testing/localChainUrl.ts';
import { FEED_HISTORY } from './priceRounds.ts';
import { SCENARIO_DEPLOYER_INDEX, SCENARIO_SEED, scenarioContractAddresses } from './scenarios.ts';
import {
  DEPLOYER_INDEX,
  demoAddress,
  demoContractAddresses,
  TRICK_DEPLOYER_INDEX,
  TRICK_TOKEN,
  trickTokenAddress,
} from './seed.ts';

const client = createPublicClient({ chain: hardhat, transport: http(localChainUrl()) });
const contracts = demoContractAddresses();
const user = demoAddress(0);

describe('the seeded local chain', () => {
  it('has the canonical Multicall3 code, and it answers aggregate3 with native balances', async () => {
    const code = await client.getCode({ address: MULTICALL3_ADDRESS });
    expect(code && keccak256(code)).toBe(MULTICALL3_CODE_HASH);
    const multicallAbi = parseAbi([
      'struct Call3 { address target; bool allowFailure; bytes callData; }',
      'struct Result { bool success; bytes returnData; }',
      'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
      'function getEthBalance(address addr) view returns (uint256 balance)',
    ]);
    const results = await client.multicall({
      contracts: [
        { address: MULTICALL3_ADDRESS, abi: multicallAbi, functionName: 'getEthBalance', args: [user] },
        { address: contracts.DAI, abi: erc20Abi, functionName: 'balanceOf', args: [user] },
      ],
      multicallAddress: MULTICALL3_ADDRESS,
    });
    expect(results[0]).toEqual({ status: 'success', result: await client.getBalance({ address: user }) });
    expect(results[1].status).toBe('success');
  });

  it('has an 18-decimal and a 6-decimal ERC-20', async () => {
    const read = (address: Address, functionName: 'decimals' | 'symbol') =>
      client.readContract({ address, abi: erc20Abi, functionName });
    expect(await read(contracts.DAI, 'decimals')).toBe(18);
    expect(await read(contracts.DAI, 'symbol')).toBe('DAI');
    expect(await read(contracts.USDC, 'decimals')).toBe(6);
    expect(await read(contracts.USDC, 'symbol')).toBe('USDC');
  });

  it('has a USDT-like token whose transfer returns no data', async () => {
    const { data } = await client.call({
      account: user,
      to: contracts.USDT,
      data: '0xa9059cbb'.concat(demoAddress(1).slice(2).padStart(64, '0'), '1'.padStart(64, '0')) as `0x${string}`,
    });
    expect(data).toBeUndefined();
    expect(await client.readContract({ address: contracts.USDT, abi: erc20Abi, functionName: 'decimals' })).toBe(6);
  });

  it('has an MKR-like token whose symbol and name are bytes32', async () => {
    const bytes32Abi = parseAbi(['function symbol() view returns (bytes32)', 'function name() view returns (bytes32)']);
    const symbol = await client.readContract({ address: contracts.MKR, abi: bytes32Abi, functionName: 'symbol' });
    expect(hexToString(symbol, { size: 32 })).toBe('MKR');
    await expect(
      client.readContract({ address: contracts.MKR, abi: erc20Abi, functionName: 'symbol' }),
    ).rejects.toThrow();
  });

  it('has an ERC-721 collection whose tokens carry self-contained data: metadata', async () => {
    const nftAbi = parseAbi([
      'function ownerOf(uint256) view returns (address)',
      'function tokenURI(uint256) view returns (string)',
      'function balanceOf(address) view returns (uint256)',
      'function supportsInterface(bytes4) view returns (bool)',
    ]);
    const read = <T>(
      functionName: 'ownerOf' | 'tokenURI' | 'balanceOf' | 'supportsInterface',
      args: readonly unknown[],
    ) => client.readContract({ address: contracts.NFT, abi: nftAbi, functionName, args } as never) as Promise<T>;
    expect(await read('supportsInterface', ['0x80ac58cd'])).toBe(true);
    expect(await read<bigint>('balanceOf', [user])).toBe(4n);
    expect(await read('ownerOf', [2n])).toBe(demoAddress(6));
    const uri = await read<string>('tokenURI', [1n]);
    expect(uri.startsWith('data:application/json;base64,')).toBe(true);
    const metadata = JSON.parse(Buffer.from(uri.split(',')[1] ?? '', 'base64').toString('utf8')) as {
      name: string;
      image: string;
    };
    expect(metadata.name).toBe('Cairn #1');
    expect(metadata.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
  });

  it('has a token whose symbol hides characters, deployed in the present block by its own account, held by nobody', async () => {
    const trick = trickTokenAddress();
    const read = (functionName: 'symbol' | 'name' | 'decimals' | 'totalSupply') =>
      client.readContract({ address: trick, abi: erc20Abi, functionName });
    expect(await read('symbol')).toBe('US\u202eTD\u200d');
    expect(await read('name')).toBe(TRICK_TOKEN.name);
    expect(await read('decimals')).toBe(6);
    expect(await read('totalSupply')).toBe(0n);
    const transfer = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
    expect(await client.getLogs({ address: trick, event: transfer, fromBlock: 0n })).toEqual([]);
    // Deployed in the block after the last step of the history (Demo account 2 returning NFT #4),
    // beside only the price feeds' rounds, so the blocks of the history are those without it.
    // Other tests may add blocks later.
    const deployer = demoAddress(TRICK_DEPLOYER_INDEX);
    expect(await client.getTransactionCount({ address: deployer })).toBe(1);
    const latest = await client.getBlockNumber();
    const blocks = await Promise.all(
      Array.from({ length: Number(latest) }, (_, i) =>
        client.getBlock({ blockNumber: BigInt(i + 1), includeTransactions: true }),
      ),
    );
    const senders = (block: (typeof blocks)[number] | undefined) =>
      block?.transactions.map((tx) => [tx.from.toLowerCase(), tx.to?.toLowerCase() ?? null]);
    const at = blocks.findIndex((b) => b.transactions.some((tx) => isAddressEqual(tx.from, deployer)));
    const feeds = [contracts.ETH_USD_FEED, contracts.DAI_USD_FEED, contracts.USDC_USD_FEED, contracts.USDT_USD_FEED];
    const feedWriter = demoAddress(DEPLOYER_INDEX).toLowerCase();
    expect(senders(blocks[at])).toContainEqual([deployer.toLowerCase(), null]);
    for (const [from, to] of senders(blocks[at]) ?? []) {
      if (from === deployer.toLowerCase()) continue;
      expect(from).toBe(feedWriter);
      expect(feeds.map((f) => f.toLowerCase())).toContain(to);
    }
    expect(senders(blocks[at - 1])).toEqual([[demoAddress(1).toLowerCase(), contracts.NFT.toLowerCase()]]);
    expect(Object.values(contracts).map((c) => c.toLowerCase())).not.toContain(trick.toLowerCase());
  });

  it('has price feeds with a month of rounds in two phases, one ETH round missing, ending at today’s prices', async () => {
    const abi = feedAbi;
    const round = (feed: Address, phase: number, index: number) =>
      client.readContract({ address: feed, abi, functionName: 'getRoundData', args: [roundIdOf(phase, index)] });
    const head = await client.getBlock({ blockNumber: 0n });
    for (const [feed, plan] of [
      [contracts.ETH_USD_FEED, FEED_HISTORY.ETH_USD_FEED],
      [contracts.USDT_USD_FEED, FEED_HISTORY.USDT_USD_FEED],
    ] as const) {
      const [id, answer, , updatedAt] = await client.readContract({
        address: feed,
        abi,
        functionName: 'latestRoundData',
      });
      expect(answer).toBe(plan.answer);
      expect(id >> 64n).toBe(2n);
      const first = await round(feed, 1, 1);
      expect(Number(first[3])).toBe(Number(head.timestamp));
      expect(Number(updatedAt) - Number(first[3])).toBeGreaterThan(29 * 86_400);
      expect((await round(feed, 2, 1))[3]).toBeGreaterThan(first[3]);
    }
    await expect(round(contracts.ETH_USD_FEED, 1, 10)).rejects.toThrow(/No data present/);
    expect((await round(contracts.ETH_USD_FEED, 1, 11))[1]).toBeGreaterThan(0n);
  });

  it('has a history of transfers in and out of the first demo account, over many blocks and days', async () => {
    const transfer = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
    const tokens = [contracts.DAI, contracts.USDC, contracts.USDT, contracts.MKR];
    const outgoing = await client.getLogs({ address: tokens, event: transfer, args: { from: user }, fromBlock: 0n });
    const incoming = await client.getLogs({ address: tokens, event: transfer, args: { to: user }, fromBlock: 0n });
    expect(outgoing.length).toBeGreaterThanOrEqual(5);
    expect(incoming.length).toBeGreaterThanOrEqual(5);

    const latest = await client.getBlockNumber();
    expect(latest).toBeGreaterThanOrEqual(40n);
    const blocks = await Promise.all(
      Array.from({ length: Number(latest) }, (_, i) =>
        client.getBlock({ blockNumber: BigInt(i + 1), includeTransactions: true }),
      ),
    );
    const native = blocks.flatMap((b) => b.transactions).filter((tx) => tx.value > 0n);
    const isUser = (address: string | null) => address?.toLowerCase() === user.toLowerCase();
    expect(native.some((tx) => isUser(tx.from))).toBe(true);
    expect(native.some((tx) => isUser(tx.to))).toBe(true);

    const first = blocks[0]?.timestamp ?? 0n;
    const last = blocks.at(-1)?.timestamp ?? 0n;
    expect(Number(last - first)).toBeGreaterThan(7 * 86_400);
    // The clock was brought back to the present after seeding.
    expect(Math.abs(Number(last) - Date.now() / 1000)).toBeLessThan(600);
  });

  it('has the scenario contracts at their derived addresses, after the present block, with the fee token held', async () => {
    const scenarios = scenarioContractAddresses();
    for (const address of Object.values(scenarios))
      expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{64,}$/);
    // Deployed by their own account (nonces 0-5, then two mints, and the FEE that funds Uniswap's
    // ETH/FEE pool) after the trick token's block.
    const deployer = demoAddress(SCENARIO_DEPLOYER_INDEX);
    expect(await client.getTransactionCount({ address: deployer })).toBe(9);
    const trickBlock = await firstBlockFrom(demoAddress(TRICK_DEPLOYER_INDEX));
    expect(await firstBlockFrom(deployer)).toBeGreaterThan(trickBlock);
    for (const { index, amount } of SCENARIO_SEED.feeBalances) {
      const held = await client.readContract({
        address: scenarios.FEE,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [demoAddress(index)],
      });
      expect(held).toBe(amount);
    }
    expect(await client.getBalance({ address: scenarios.SWAP })).toBeGreaterThan(0n);
  });
});

/** The number of the first block holding a transaction from `from`. */
async function firstBlockFrom(from: Address): Promise<bigint> {
  const latest = await client.getBlockNumber();
  for (let n = 1n; n <= latest; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
    if (block.transactions.some((tx) => isAddressEqual(tx.from, from))) return n;
  }
  throw new Error(`no transaction from ${from}`);
}
