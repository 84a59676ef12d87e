import { createTestClient, encodeFunctionData, erc20Abi, http, parseEther, publicActions, walletActions } from 'viem';
import { hardhat } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { vaultAccount } from '../../testing/vaultAccount';
import { DEMO_MNEMONIC } from '../chain/localChain';
import { localNetwork } from '../chain/networks';
import { derivePrivateKey, nfkdBytes, seedFromPhrase } from '../keys/hd';
import { memoryLocks } from './locks';
import { prepareSend, type SendDraft } from './prepare';
import { TransactionService } from './transactionService';
import { memoryTxStore } from './txStore';

const url = localChainUrl();
const node = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) })
  .extend(publicActions)
  .extend(walletActions);
const network = { ...localNetwork(url), id: 'prepare-test' };
const tokens = demoContractAddresses();
const eth = { kind: 'native' as const, symbol: 'ETH', decimals: 18 };
const dai = { kind: 'token' as const, address: tokens.DAI, symbol: 'DAI', decimals: 18 };
const draft = (over: Partial<SendDraft>): SendDraft => ({
  network,
  from: demoAddress(0),
  recipient: demoAddress(1),
  asset: eth,
  amount: parseEther('1'),
  max: false,
  preset: 'normal',
  ...over,
});

describe('preparing a send', () => {
  it('estimates a native transfer at 21,000 gas and prices it', async () => {
    const prepared = await prepareSend(draft({}));
    expect(prepared.gasLimit).toBe(21_000n);
    expect(prepared.call).toEqual({ to: demoAddress(1), value: parseEther('1'), data: '0x' });
    expect(prepared.cost.max).toBe(21_000n * (prepared.fees.kind === 'eip1559' ? prepared.fees.maxFeePerGas : 0n));
    expect(prepared.cost.expected <= prepared.cost.max).toBe(true);
  });

  it('adds a margin to token transfers and encodes transfer(to, amount)', async () => {
    const prepared = await prepareSend(draft({ asset: dai, amount: parseEther('2') }));
    expect(prepared.gasLimit).toBe((prepared.gasEstimate * 12n + 9n) / 10n);
    expect(prepared.call.to).toBe(tokens.DAI);
    expect(prepared.call.value).toBe(0n);
    expect(prepared.call.data).toBe(
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [demoAddress(1), parseEther('2')] }),
    );
  });

  it('refuses amounts above the balance and a zero token amount, naming the problem', async () => {
    await expect(prepareSend(draft({ amount: parseEther('100000000') }))).rejects.toMatchObject({
      code: 'INPUT_AMOUNT',
      shortMessage: 'Not enough ETH: the amount plus the maximum network fee is more than the balance.',
    });
    await expect(prepareSend(draft({ asset: dai, amount: 10n ** 30n }))).rejects.toMatchObject({
      shortMessage: "The amount is more than this account's DAI balance.",
    });
    await expect(prepareSend(draft({ asset: dai, amount: 0n }))).rejects.toMatchObject({
      shortMessage: 'Enter an amount above zero.',
    });
  });

  it('in a batch, refuses a transfer the balance covers alone but not with what the batch already sends', async () => {
    const [ethHeld, daiHeld] = await Promise.all([
      node.getBalance({ address: demoAddress(0) }),
      node.readContract({ address: tokens.DAI, abi: erc20Abi, functionName: 'balanceOf', args: [demoAddress(0)] }),
    ]);
    const inBatch = { inBatch: true, amount: 1n };
    await expect(prepareSend(draft({ ...inBatch, batchSpent: ethHeld - 1n }))).resolves.toMatchObject({ amount: 1n });
    await expect(prepareSend(draft({ ...inBatch, batchSpent: ethHeld }))).rejects.toMatchObject({
      code: 'INPUT_AMOUNT',
      shortMessage: 'Together with the ETH the batch already sends, this is more than the account holds.',
    });
    await expect(prepareSend(draft({ ...inBatch, asset: dai, batchSpent: daiHeld - 1n }))).resolves.toBeDefined();
    await expect(prepareSend(draft({ ...inBatch, asset: dai, batchSpent: daiHeld }))).rejects.toMatchObject({
      shortMessage: 'Together with the DAI the batch already sends, this is more than the account holds.',
    });
  });

  it('takes no more than a balance proven apart from the node’s claim: "Max" and the balance checks', async () => {
    const [ethHeld, daiHeld] = await Promise.all([
      node.getBalance({ address: demoAddress(0) }),
      node.readContract({ address: tokens.DAI, abi: erc20Abi, functionName: 'balanceOf', args: [demoAddress(0)] }),
    ]);
    // As if the node claimed twice what the proofs give (a lying node: here the honest node's figures are the claims).
    const proven = { native: ethHeld / 2n, token: daiHeld / 2n };
    const max = await prepareSend(draft({ asset: dai, max: true, amount: 0n, proven }));
    expect(max.amount).toBe(daiHeld / 2n);
    expect(max.call.data).toBe(
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [demoAddress(1), daiHeld / 2n] }),
    );
    await expect(prepareSend(draft({ asset: dai, amount: daiHeld / 2n + 1n, proven }))).rejects.toMatchObject({
      shortMessage: "The amount is more than this account's DAI balance.",
    });
    const maxEth = await prepareSend(draft({ max: true, amount: 0n, proven }));
    expect(maxEth.amount + maxEth.cost.max).toBe(ethHeld / 2n);
    // A proven balance above what the node gives now (it moved lower since) takes the node's.
    const above = await prepareSend(draft({ asset: dai, max: true, amount: 0n, proven: { token: daiHeld * 2n } }));
    expect(above.amount).toBe(daiHeld);
  });

  it('shows a revert found by the estimate, with its reason', async () => {
    await expect(
      prepareSend(draft({ recipient: '0x0000000000000000000000000000000000000000', asset: dai, amount: 1n })),
    ).rejects.toMatchObject({ code: 'CHAIN_REVERTED', reason: 'ERC20: transfer to the zero address' });
  });

  it('prepares a call that would revert when the person set the gas limit (the review then holds it)', async () => {
    const reverting = draft({
      recipient: '0x0000000000000000000000000000000000000000',
      asset: dai,
      amount: 1n,
      advanced: { gasLimit: 90_000n },
    });
    const prepared = await prepareSend(reverting);
    expect(prepared.gasLimit).toBe(90_000n);
    expect(prepared.cost.max).toBeGreaterThan(0n);
  });

  it('"Max" sends everything but exactly the fee, leaving zero behind', async () => {
    const from = demoAddress(11);
    const seed = await seedFromPhrase(nfkdBytes(DEMO_MNEMONIC));
    const key = derivePrivateKey(seed, "m/44'/60'/0'/0/11");
    const account = vaultAccount(from, async () => key.slice());
    const prepared = await prepareSend(draft({ from, max: true, amount: 0n }));
    expect(prepared.amount + prepared.cost.max).toBe(prepared.nativeBalance);
    const txs = new TransactionService({ store: memoryTxStore(), locks: memoryLocks() });
    await txs.submit({
      network,
      account,
      kind: 'transfer',
      call: prepared.call,
      gas: prepared.gasLimit,
      fees: prepared.fees,
    });
    expect(await node.getBalance({ address: from })).toBe(0n);
  });
});
