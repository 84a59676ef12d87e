// The seeded scenario contracts (devchain/scenarios.ts) previewed, then mined: every change and
// log the preview shows must be what the block shows. Each test account has its own mnemonic
// index (40–46) and gets its coin, tokens and NFTs by writing state, so no nonce is shared.
import {
  type Abi,
  type Address,
  createPublicClient,
  createTestClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  isAddressEqual,
  keccak256,
  pad,
  parseAbi,
  parseEther,
  parseUnits,
  type TransactionReceipt,
  toHex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DRAINER_OWNER_INDEX,
  MARKET_SELLER_INDEX,
  mappingSlot,
  SCENARIO_SEED,
  scenarioContractAddresses,
  TREASURY_INDEX,
} from '../../../devchain/scenarios.ts';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { chainClient } from '../chain/client';
import { DEMO_MNEMONIC } from '../chain/localChain';
import { localNetwork } from '../chain/networks';
import { customErrorsAbi } from '../contracts/exampleAbis/customErrorsAbi.generated';
import { demoClaimAbi } from '../contracts/exampleAbis/demoClaimAbi.generated';
import { demoCollectionAbi } from '../contracts/exampleAbis/demoCollectionAbi.generated';
import { demoMarketplaceAbi } from '../contracts/exampleAbis/demoMarketplaceAbi.generated';
import { demoSwapAbi } from '../contracts/exampleAbis/demoSwapAbi.generated';
import { logChanges } from './changes';
import { createProbeCache } from './probe';
import { simulateTransaction } from './simulate';
import type { SimulationResult, UnsignedTransaction } from './types';

const url = inject('localChainUrl');
const { DAI, USDC, NFT } = demoContractAddresses();
const { SWAP, MARKET, CLAIM, FEE, FAULTY } = scenarioContractAddresses();
const TRADER = 40;
const VICTIM = 41;
const FEE_SENDER = 42;
const BUYER = 43;
const SELLER = 44;
const ERRORS_USER = 45;
const at = demoAddress;
const treasury = at(TREASURY_INDEX);
const thief = at(DRAINER_OWNER_INDEX);
const VICTIM_NFTS = [10n, 11n];
const SELLER_NFT = 22n;
const direct = createPublicClient({ chain: hardhat, transport: http(url) });
const cache = createProbeCache();
const client = chainClient({ ...localNetwork(url), id: 'scenario-simulation-test' });
const ownerOfAbi = parseAbi(['function ownerOf(uint256 tokenId) view returns (address)']);
const word = (value: bigint | Address): Hex => pad(toHex(BigInt(value)), { size: 32 });

// DemoToken and FeeToken keep balanceOf at slot 3; DemoCollection ownerOfToken at 2, balances at 3.
beforeAll(async () => {
  const test = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) });
  const give = (token: Address, index: number, amount: bigint) =>
    test.setStorageAt({ address: token, index: mappingSlot(at(index), 3n), value: word(amount) });
  const giveNfts = async (index: number, ids: readonly bigint[]) => {
    for (const id of ids) await test.setStorageAt({ address: NFT, index: mappingSlot(id, 2n), value: word(at(index)) });
    await test.setStorageAt({ address: NFT, index: mappingSlot(at(index), 3n), value: word(BigInt(ids.length)) });
  };
  for (const index of [TRADER, VICTIM, FEE_SENDER, BUYER, SELLER, ERRORS_USER])
    await test.setBalance({ address: at(index), value: parseEther('100') });
  await give(DAI, TRADER, parseEther('1000'));
  await give(USDC, TRADER, parseUnits('1000', 6));
  await give(DAI, VICTIM, parseEther('500'));
  await give(FEE, FEE_SENDER, parseEther('1000'));
  await giveNfts(VICTIM, VICTIM_NFTS);
  await giveNfts(SELLER, [SELLER_NFT]);
});

type Mined = { result: SimulationResult; receipt: TransactionReceipt; sendError: Error | undefined };

/** Simulates, then sends the same transaction from account `index` and waits for it to be mined. */
async function simulateThenMine(
  index: number,
  tx: Omit<UnsignedTransaction, 'from'>,
  contractAbis: readonly Abi[] = [],
): Promise<Mined> {
  const account = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: index });
  const unsigned: UnsignedTransaction = { from: account.address, gas: 1_000_000n, ...tx };
  const result = await simulateTransaction(client, unsigned, { cache, contractAbis });
  const nonce = await direct.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const fees = await direct.estimateFeesPerGas();
  const signed = await account.signTransaction({
    chainId: hardhat.id,
    type: 'eip1559',
    nonce,
    to: tx.to ?? null,
    value: tx.value,
    data: tx.data,
    gas: unsigned.gas,
    ...fees,
  });
  const hash = keccak256(signed);
  // Hardhat answers a failing transaction with an error, but mines it: the receipt says what happened.
  const sendError = await direct.sendRawTransaction({ serializedTransaction: signed }).then(
    () => undefined,
    (error: unknown) => error as Error,
  );
  const receipt = await direct.waitForTransactionReceipt({ hash });
  return { result, receipt, sendError };
}

/** Every simulated log, approval and change equals what the mined block shows. */
async function expectMatchesChain({ result, receipt }: Mined) {
  expect(receipt.status).toBe('success');
  expect(result.outcome).toEqual({ ok: true });
  const before = receipt.blockNumber - 1n;
  const after = receipt.blockNumber;
  const raw = receipt.logs.map((log, logIndex) => ({
    address: getAddress(log.address),
    topics: log.topics as Hex[],
    data: log.data,
    logIndex,
  }));
  const mined = logChanges(raw, []);
  expect(result.logs).toEqual(mined.logs);
  expect(result.approvals).toEqual(mined.approvals);
  expect(result.gasUsed).toBe(receipt.gasUsed);
  const fee = receipt.gasUsed * receipt.effectiveGasPrice;
  for (const change of result.changes) {
    const label = `${change.kind} of ${change.address}`;
    if (change.kind === 'native') {
      const read = (blockNumber: bigint) => direct.getBalance({ address: change.address, blockNumber });
      const paid = isAddressEqual(change.address, receipt.from) ? fee : 0n;
      expect((await read(after)) - (await read(before)) + paid, label).toBe(change.in - change.out);
    } else if (change.kind === 'erc20') {
      const read = (blockNumber: bigint) =>
        direct.readContract({
          address: change.token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [change.address],
          blockNumber,
        });
      expect((await read(after)) - (await read(before)), label).toBe(change.in - change.out);
    } else if (change.kind === 'erc721') {
      for (const tokenId of change.received) {
        const owner = await direct.readContract({
          address: change.token,
          abi: ownerOfAbi,
          functionName: 'ownerOf',
          args: [tokenId],
          blockNumber: after,
        });
        expect(owner, label).toBe(change.address);
      }
    }
  }
}

const call = (abi: Abi, functionName: string, args: readonly unknown[] = []): Hex =>
  encodeFunctionData({ abi, functionName, args } as never);
const approve = (spender: Address, amount: bigint) => call(erc20Abi, 'approve', [spender, amount]);

describe('previewing the seeded scenario contracts on the local node, then mining them', () => {
  const trader = at(TRADER);

  it('swaps DAI for USDC: the token leaves, the other arrives, both sides of the pool', async () => {
    const amount = parseEther('100');
    const approval = await simulateThenMine(TRADER, { to: DAI, data: approve(SWAP, amount) });
    expect(approval.result.approvals).toEqual([
      { kind: 'erc20', token: DAI, owner: trader, spender: SWAP, amount, unlimited: false },
    ]);
    await expectMatchesChain(approval);
    const out = parseUnits('100', 6);
    const mined = await simulateThenMine(TRADER, {
      to: SWAP,
      data: call(demoSwapAbi, 'swap', [DAI, amount, USDC, out]),
    });
    expect(mined.result.changes).toEqual([
      { kind: 'erc20', address: trader, token: DAI, in: 0n, out: amount },
      { kind: 'erc20', address: SWAP, token: DAI, in: amount, out: 0n },
      { kind: 'erc20', address: SWAP, token: USDC, in: 0n, out },
      { kind: 'erc20', address: trader, token: USDC, in: out, out: 0n },
    ]);
    await expectMatchesChain(mined);
  });

  it('swaps USDC for ETH: the ETH paid by an internal call is in the preview', async () => {
    const amount = parseUnits('200', 6);
    await expectMatchesChain(await simulateThenMine(TRADER, { to: USDC, data: approve(SWAP, amount) }));
    const eth = parseEther('0.1');
    const mined = await simulateThenMine(TRADER, {
      to: SWAP,
      data: call(demoSwapAbi, 'swapTokensForEth', [USDC, amount, eth]),
    });
    expect(mined.result.changes).toEqual([
      { kind: 'native', address: SWAP, in: 0n, out: eth },
      { kind: 'native', address: trader, in: eth, out: 0n },
      { kind: 'erc20', address: trader, token: USDC, in: 0n, out: amount },
      { kind: 'erc20', address: SWAP, token: USDC, in: amount, out: 0n },
    ]);
    await expectMatchesChain(mined);
  });

  it('swaps ETH for DAI', async () => {
    const value = parseEther('0.5');
    const dai = parseEther('1000');
    const mined = await simulateThenMine(TRADER, {
      to: SWAP,
      value,
      data: call(demoSwapAbi, 'swapEthForTokens', [DAI, dai]),
    });
    expect(mined.result.changes).toEqual([
      { kind: 'native', address: trader, in: 0n, out: value },
      { kind: 'native', address: SWAP, in: value, out: 0n },
      { kind: 'erc20', address: SWAP, token: DAI, in: 0n, out: dai },
      { kind: 'erc20', address: trader, token: DAI, in: dai, out: 0n },
    ]);
    await expectMatchesChain(mined);
  });

  it('previews a swap below its minimum as the custom error the mined transaction reverts with', async () => {
    const data = call(demoSwapAbi, 'swap', [DAI, parseEther('10'), USDC, parseUnits('11', 6)]);
    const { result, receipt, sendError } = await simulateThenMine(TRADER, { to: SWAP, data }, [demoSwapAbi]);
    expect(receipt.status).toBe('reverted');
    expect(result.outcome).toMatchObject({
      ok: false,
      reason: 'InsufficientOutput(out: 10000000, minOut: 11000000)',
      revert: { kind: 'custom', name: 'InsufficientOutput' },
    });
    expect(sendError).toBeDefined();
    expect(result).toMatchObject({ logs: [], changes: [], approvals: [] });
    expect(result.gasUsed).toBe(receipt.gasUsed);
  });

  it('buys a listed NFT: the token moves seller → buyer, the price is split between seller and fee', async () => {
    const seller = at(SELLER);
    const buyer = at(BUYER);
    const price = parseEther('0.4');
    const approval = await simulateThenMine(SELLER, {
      to: NFT,
      data: call(demoCollectionAbi, 'setApprovalForAll', [MARKET, true]),
    });
    await expectMatchesChain(approval);
    const listing = await simulateThenMine(SELLER, {
      to: MARKET,
      data: call(demoMarketplaceAbi, 'list', [SELLER_NFT, price]),
    });
    expect(listing.result.changes).toEqual([]);
    await expectMatchesChain(listing);
    const id = await direct.readContract({ address: MARKET, abi: demoMarketplaceAbi, functionName: 'listingCount' });
    const mined = await simulateThenMine(BUYER, {
      to: MARKET,
      value: price,
      data: call(demoMarketplaceAbi, 'buy', [id]),
    });
    const fee = (price * 250n) / 10_000n;
    expect(mined.result.changes).toEqual([
      { kind: 'native', address: buyer, in: 0n, out: price },
      { kind: 'native', address: MARKET, in: price, out: price },
      { kind: 'native', address: treasury, in: fee, out: 0n },
      { kind: 'native', address: seller, in: price - fee, out: 0n },
      { kind: 'erc721', address: seller, token: NFT, received: [], sent: [SELLER_NFT] },
      { kind: 'erc721', address: buyer, token: NFT, received: [SELLER_NFT], sent: [] },
    ]);
    await expectMatchesChain(mined);
  });

  it('the seed left its listings open, for tokens of a seller no person uses', async () => {
    for (const { id, tokenId, price } of SCENARIO_SEED.listings) {
      const listing = await direct.readContract({
        address: MARKET,
        abi: demoMarketplaceAbi,
        functionName: 'listings',
        args: [id],
      });
      expect(listing).toEqual([at(MARKET_SELLER_INDEX), tokenId, price, true]);
    }
  });

  it('shows the drainer for what it is: “enable claiming” approves it for every NFT, claim() takes them and the DAI', async () => {
    const victim = at(VICTIM);
    const enable = await simulateThenMine(VICTIM, {
      to: NFT,
      data: call(demoCollectionAbi, 'setApprovalForAll', [CLAIM, true]),
    });
    expect(enable.result.approvals).toEqual([
      { kind: 'operator', token: NFT, owner: victim, operator: CLAIM, approved: true },
    ]);
    await expectMatchesChain(enable);
    const dai = parseEther('50');
    await expectMatchesChain(await simulateThenMine(VICTIM, { to: DAI, data: approve(CLAIM, dai) }));
    const mined = await simulateThenMine(VICTIM, { to: CLAIM, data: call(demoClaimAbi, 'claim') });
    expect(mined.result.changes).toEqual([
      { kind: 'erc721', address: victim, token: NFT, received: [], sent: VICTIM_NFTS },
      { kind: 'erc721', address: thief, token: NFT, received: VICTIM_NFTS, sent: [] },
      { kind: 'erc20', address: victim, token: DAI, in: 0n, out: dai },
      { kind: 'erc20', address: thief, token: DAI, in: dai, out: 0n },
    ]);
    await expectMatchesChain(mined);
  });

  it('shows what a fee-on-transfer token really moves, not the amount in the call', async () => {
    const sender = at(FEE_SENDER);
    const recipient = at(46);
    const amount = parseEther('100');
    const fee = (amount * 200n) / 10_000n;
    const mined = await simulateThenMine(FEE_SENDER, {
      to: FEE,
      data: call(erc20Abi, 'transfer', [recipient, amount]),
    });
    expect(mined.result.changes).toEqual([
      { kind: 'erc20', address: sender, token: FEE, in: 0n, out: amount },
      { kind: 'erc20', address: recipient, token: FEE, in: amount - fee, out: 0n },
      { kind: 'erc20', address: treasury, token: FEE, in: fee, out: 0n },
    ]);
    await expectMatchesChain(mined);
  });

  it('decodes a custom error with arguments, and previews the calls that succeed exactly', async () => {
    const user = at(ERRORS_USER);
    const failing = await simulateThenMine(
      ERRORS_USER,
      { to: FAULTY, data: call(customErrorsAbi, 'withdraw', [parseEther('1')]) },
      [customErrorsAbi],
    );
    expect(failing.receipt.status).toBe('reverted');
    expect(failing.result.outcome).toMatchObject({
      ok: false,
      reason: 'InsufficientBalance(available: 0, required: 1000000000000000000)',
      revert: { kind: 'custom', name: 'InsufficientBalance', id: 'InsufficientBalance(uint256,uint256)' },
    });
    expect(failing.result.gasUsed).toBe(failing.receipt.gasUsed);

    const value = parseEther('1');
    const deposit = await simulateThenMine(ERRORS_USER, { to: FAULTY, value, data: call(customErrorsAbi, 'deposit') });
    expect(deposit.result.changes).toEqual([
      { kind: 'native', address: user, in: 0n, out: value },
      { kind: 'native', address: FAULTY, in: value, out: 0n },
    ]);
    await expectMatchesChain(deposit);
    const back = parseEther('0.4');
    const withdraw = await simulateThenMine(ERRORS_USER, {
      to: FAULTY,
      data: call(customErrorsAbi, 'withdraw', [back]),
    });
    expect(withdraw.result.changes).toEqual([
      { kind: 'native', address: FAULTY, in: 0n, out: back },
      { kind: 'native', address: user, in: back, out: 0n },
    ]);
    await expectMatchesChain(withdraw);
  });
});
