import { encodeFunctionData, erc20Abi, getAddress, maxUint256, parseAbi, parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { simulationChain } from '../../testing/simulationChain';
import { theirWords } from '../errors/theirWords';
import { renderMessage } from '../i18n/message';
import { SIMULATOR_RUNTIME } from './simulator/simulatorCode.generated';
import type { UnsignedTransaction } from './types';

const contracts = demoContractAddresses();
// Accounts 50–53 of the demo mnemonic: this file's alone. simulate.integration.test.ts uses 30–32,
// scenarios.integration.test.ts 40–46.
const SENDER_INDEX = 50;
const sender = demoAddress(SENDER_INDEX);
const recipient = demoAddress(51);
const operator = demoAddress(52);
/** Given the simulator's code on the chain: a contract that accepts NFTs (it has the receive hooks). */
const hookHolder = demoAddress(53);
const DAI_HELD = parseEther('1000');
const NFT_IDS = [9_040n, 9_041n, 9_042n];
const nftAbi = parseAbi([
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function setApprovalForAll(address operator, bool approved)',
]);
const chain = simulationChain(localChainUrl(), { clientId: 'state-override-test', gas: 300_000n });

beforeAll(async () => {
  await chain.giveCoin(sender, parseEther('100'));
  await chain.giveTokens(contracts.DAI, sender, DAI_HELD);
  await chain.giveNfts(contracts.NFT, sender, NFT_IDS);
  await chain.test.setCode({ address: hookHolder, bytecode: SIMULATOR_RUNTIME });
});

/** Simulates with the stateOverride strategy, then mines the same transaction from the sender's key. */
const simulateThenMine = (tx: Omit<UnsignedTransaction, 'from'>) =>
  chain.simulateThenMine(SENDER_INDEX, tx, { strategy: 'stateOverride' });

/**
 * What the chain shows equals the preview (see simulationChain), with the native balances of every
 * address here held to it, and the gas the receipt's unless `exactGas` is false.
 */
const expectMatchesChain = (mined: Parameters<typeof chain.expectMatchesChain>[0], exactGas = true) =>
  chain.expectMatchesChain(mined, { exactGas, watchNative: [sender, recipient, operator, hookHolder] });

describe('the stateOverride strategy on the local Hardhat node', () => {
  it('runs on Hardhat 2.29, whose eth_call honours a code override', async () => {
    const { result } = await simulateThenMine({ to: recipient, value: 1n });
    expect(result.strategy).toBe('stateOverride');
  });

  it('previews a plain ETH send exactly, gas included', async () => {
    const value = parseEther('1.25');
    const { result, receipt } = await simulateThenMine({ to: recipient, value });
    expect(result).toMatchObject({ advisory: true, outcome: { ok: true }, logs: [], approvals: [] });
    expect(result.changes).toEqual([
      { kind: 'native', address: sender, in: 0n, out: value },
      { kind: 'native', address: recipient, in: value, out: 0n },
    ]);
    await expectMatchesChain({ result, receipt });
  });

  it('previews a DAI transfer exactly, gas included', async () => {
    const amount = parseEther('12.5');
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] });
    const { result, receipt } = await simulateThenMine({ to: contracts.DAI, data });
    expect(result.changes).toEqual([
      { kind: 'erc20', address: sender, token: contracts.DAI, in: 0n, out: amount },
      { kind: 'erc20', address: recipient, token: contracts.DAI, in: amount, out: 0n },
    ]);
    await expectMatchesChain({ result, receipt });
  });

  it('previews an unlimited approval exactly', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [operator, maxUint256] });
    const { result, receipt } = await simulateThenMine({ to: contracts.DAI, data });
    expect(result.approvals).toEqual([
      { kind: 'erc20', token: contracts.DAI, owner: sender, spender: operator, amount: maxUint256, unlimited: true },
    ]);
    expect(result.changes).toEqual([]);
    await expectMatchesChain({ result, receipt });
  });

  // The sender keeps other NFTs of the collection: no storage is emptied, so no refund is missed.
  it('previews an NFT transferFrom exactly, gas included', async () => {
    const id = NFT_IDS[0] as bigint;
    const data = encodeFunctionData({ abi: nftAbi, functionName: 'transferFrom', args: [sender, recipient, id] });
    const { result, receipt } = await simulateThenMine({ to: contracts.NFT, data });
    expect(receipt.status).toBe('success');
    expect(result.changes).toEqual([
      { kind: 'erc721', address: sender, token: contracts.NFT, received: [], sent: [id] },
      { kind: 'erc721', address: recipient, token: contracts.NFT, received: [id], sent: [] },
    ]);
    await expectMatchesChain({ result, receipt });
  });

  it('previews safeTransferFrom to a contract with the receive hook', async () => {
    const id = NFT_IDS[1] as bigint;
    const data = encodeFunctionData({ abi: nftAbi, functionName: 'safeTransferFrom', args: [sender, hookHolder, id] });
    const { result, receipt } = await simulateThenMine({ to: contracts.NFT, data });
    expect(receipt.status).toBe('success');
    expect(result.outcome).toEqual({ ok: true });
    expect(result.changes).toEqual([
      { kind: 'erc721', address: sender, token: contracts.NFT, received: [], sent: [id] },
      { kind: 'erc721', address: hookHolder, token: contracts.NFT, received: [id], sent: [] },
    ]);
    await expectMatchesChain({ result, receipt }, false);
  });

  it('previews safeTransferFrom to a contract without the hook as the failure it is', async () => {
    const id = NFT_IDS[2] as bigint;
    const data = encodeFunctionData({
      abi: nftAbi,
      functionName: 'safeTransferFrom',
      args: [sender, contracts.DAI, id],
    });
    const { result, receipt } = await simulateThenMine({ to: contracts.NFT, data });
    expect(receipt.status).toBe('reverted');
    expect(result.outcome).toMatchObject({ ok: false, revertData: '0x' });
    expect(result).toMatchObject({ changes: [], approvals: [] });
  });

  it('previews setApprovalForAll exactly', async () => {
    const data = encodeFunctionData({ abi: nftAbi, functionName: 'setApprovalForAll', args: [operator, true] });
    const { result, receipt } = await simulateThenMine({ to: contracts.NFT, data });
    expect(result.approvals).toEqual([
      { kind: 'operator', token: contracts.NFT, owner: sender, operator, approved: true },
    ]);
    await expectMatchesChain({ result, receipt });
  });

  it('previews a revert with the reason and gas the mined transaction gives', async () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, parseEther('1000000000')],
    });
    const { result, receipt } = await simulateThenMine({ to: contracts.DAI, data });
    expect(receipt.status).toBe('reverted');
    expect(result.outcome).toMatchObject({ ok: false, reason: theirWords('ERC20: transfer amount exceeds balance') });
    expect(result).toMatchObject({ logs: [], changes: [], approvals: [] });
    expect(result.gasUsed).toBe(receipt.gasUsed);
  });

  it('previews a contract creation: the address the mined one gets, its gas near the receipt', async () => {
    // Init code that deploys a 10-byte contract answering 42.
    const data = '0x600a600c600039600a6000f3602a60005260206000f3';
    const { result, receipt } = await simulateThenMine({ data });
    expect(receipt.status).toBe('success');
    expect(result.outcome).toEqual({ ok: true });
    expect(result.created).toEqual([receipt.contractAddress && getAddress(receipt.contractAddress)]);
    expect(result.notes.map(renderMessage).join(' ')).toMatch(/stand-in address/);
    const off = result.gasUsed - receipt.gasUsed;
    expect(off < 0n ? -off : off).toBeLessThanOrEqual(receipt.gasUsed / 100n);
  });

  it('says what it cannot see', async () => {
    const { result } = await simulateThenMine({ to: recipient, value: 1n });
    expect(result.notes.map(renderMessage).join(' ')).toMatch(/not from logs/);
    expect(result.notes.map(renderMessage).join(' ')).toMatch(/Gas is an estimate/);
  });
});
