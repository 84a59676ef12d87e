// The seeded scenario contracts (devchain/scenarios.ts) previewed, then mined: every change and
// log the preview shows must be what the block shows. Each test account has its own mnemonic
// index (40–46) and gets its coin, tokens and NFTs by writing state, so no nonce is shared.
import { type Abi, type Address, encodeFunctionData, erc20Abi, type Hex, parseEther, parseUnits } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import {
  DRAINER_OWNER_INDEX,
  MARKET_SELLER_INDEX,
  SCENARIO_SEED,
  scenarioContractAddresses,
  TREASURY_INDEX,
} from '../../../devchain/scenarios.ts';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { simulationChain } from '../../testing/simulationChain';
import { customErrorsAbi } from '../contracts/exampleAbis/customErrorsAbi.generated';
import { demoClaimAbi } from '../contracts/exampleAbis/demoClaimAbi.generated';
import { demoCollectionAbi } from '../contracts/exampleAbis/demoCollectionAbi.generated';
import { demoMarketplaceAbi } from '../contracts/exampleAbis/demoMarketplaceAbi.generated';
import { demoSwapAbi } from '../contracts/exampleAbis/demoSwapAbi.generated';
import { theirWords } from '../errors/theirWords';
import type { UnsignedTransaction } from './types';

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
const chain = simulationChain(localChainUrl(), { clientId: 'scenario-simulation-test', gas: 1_000_000n });
const { direct, expectMatchesChain } = chain;

beforeAll(async () => {
  for (const index of [TRADER, VICTIM, FEE_SENDER, BUYER, SELLER, ERRORS_USER])
    await chain.giveCoin(at(index), parseEther('100'));
  await chain.giveTokens(DAI, at(TRADER), parseEther('1000'));
  await chain.giveTokens(USDC, at(TRADER), parseUnits('1000', 6));
  await chain.giveTokens(DAI, at(VICTIM), parseEther('500'));
  await chain.giveTokens(FEE, at(FEE_SENDER), parseEther('1000'));
  await chain.giveNfts(NFT, at(VICTIM), VICTIM_NFTS);
  await chain.giveNfts(NFT, at(SELLER), [SELLER_NFT]);
});

/** Simulates (decoding custom errors with `contractAbis`), then mines the same transaction from account `index`. */
const simulateThenMine = (index: number, tx: Omit<UnsignedTransaction, 'from'>, contractAbis: readonly Abi[] = []) =>
  chain.simulateThenMine(index, tx, { contractAbis });

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
      reason: theirWords('InsufficientOutput(out: 10000000, minOut: 11000000)'),
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
      reason: theirWords('InsufficientBalance(available: 0, required: 1000000000000000000)'),
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
