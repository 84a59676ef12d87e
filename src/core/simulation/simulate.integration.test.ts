import { encodeFunctionData, erc20Abi, maxUint256, parseAbi, parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { simulationChain } from '../../testing/simulationChain';
import { theirWords } from '../errors/theirWords';
import { renderMessage } from '../i18n/message';
import type { UnsignedTransaction } from './types';

const contracts = demoContractAddresses();
// Accounts of the demo mnemonic past the node's twenty: no other test uses them, so balances read
// around a block are this test's alone.
const SENDER_INDEX = 30;
const sender = demoAddress(SENDER_INDEX);
const recipient = demoAddress(31);
const operator = demoAddress(32);
const DAI_HELD = parseEther('1000');
const NFT_ID = 9_013n;
const nftAbi = parseAbi([
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function setApprovalForAll(address operator, bool approved)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
]);
const chain = simulationChain(localChainUrl(), { clientId: 'simulation-test', gas: 300_000n });
const { direct, expectMatchesChain } = chain;

beforeAll(async () => {
  await chain.giveCoin(sender, parseEther('100'));
  await chain.giveTokens(contracts.DAI, sender, DAI_HELD);
  await chain.giveNfts(contracts.NFT, sender, [NFT_ID]);
  const held = await direct.readContract({
    address: contracts.DAI,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [sender],
  });
  expect(held).toBe(DAI_HELD);
});

/** Simulates with the strategy the probe picks, then mines the same transaction from the sender's key. */
const simulateThenMine = (tx: Omit<UnsignedTransaction, 'from'>) => chain.simulateThenMine(SENDER_INDEX, tx);

describe('simulating on the local Hardhat node', () => {
  it('finds that Hardhat offers struct logs only (no eth_simulateV1, no callTracer)', async () => {
    const { result } = await simulateThenMine({ to: recipient, value: 1n });
    expect(result.strategy).toBe('structLogs');
  });

  it('previews a plain ETH send exactly', async () => {
    const value = parseEther('1.25');
    const { result, receipt } = await simulateThenMine({ to: recipient, value });
    expect(receipt.status).toBe('success');
    expect(result).toMatchObject({ advisory: true, outcome: { ok: true }, created: [], logs: [] });
    expect(result.changes).toEqual([
      { kind: 'native', address: sender, in: 0n, out: value },
      { kind: 'native', address: recipient, in: value, out: 0n },
    ]);
    await expectMatchesChain({ result, receipt });
  });

  it('previews a DAI transfer exactly', async () => {
    const amount = parseEther('12.5');
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] });
    const { result, receipt } = await simulateThenMine({ to: contracts.DAI, data });
    expect(receipt.status).toBe('success');
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

  it('previews an NFT transferFrom exactly', async () => {
    const data = encodeFunctionData({
      abi: nftAbi,
      functionName: 'transferFrom',
      args: [sender, recipient, NFT_ID],
    });
    const { result, receipt } = await simulateThenMine({ to: contracts.NFT, data });
    expect(receipt.status).toBe('success');
    expect(result.changes).toEqual([
      { kind: 'erc721', address: sender, token: contracts.NFT, received: [], sent: [NFT_ID] },
      { kind: 'erc721', address: recipient, token: contracts.NFT, received: [NFT_ID], sent: [] },
    ]);
    await expectMatchesChain({ result, receipt });
  });

  it('previews setApprovalForAll exactly', async () => {
    const data = encodeFunctionData({ abi: nftAbi, functionName: 'setApprovalForAll', args: [operator, true] });
    const { result, receipt } = await simulateThenMine({ to: contracts.NFT, data });
    expect(result.approvals).toEqual([
      { kind: 'operator', token: contracts.NFT, owner: sender, operator, approved: true },
    ]);
    await expectMatchesChain({ result, receipt });
    const approved = await direct.readContract({
      address: contracts.NFT,
      abi: nftAbi,
      functionName: 'isApprovedForAll',
      args: [sender, operator],
      blockNumber: receipt.blockNumber,
    });
    expect(approved).toBe(true);
  });

  it('previews a revert with the reason the mined transaction gives', async () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, parseEther('1000000000')],
    });
    const { result, receipt, sendError } = await simulateThenMine({ to: contracts.DAI, data });
    expect(receipt.status).toBe('reverted');
    expect(result.outcome).toMatchObject({ ok: false, reason: theirWords('ERC20: transfer amount exceeds balance') });
    expect(sendError?.message).toContain('ERC20: transfer amount exceeds balance');
    expect(result).toMatchObject({ logs: [], changes: [], approvals: [] });
    expect(result.gasUsed).toBe(receipt.gasUsed);
  });

  it('previews running out of gas as such, using all of the limit as the mined transaction does', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] });
    const { result, receipt } = await simulateThenMine({ to: contracts.DAI, data, gas: 25_000n });
    expect(receipt.status).toBe('reverted');
    expect(receipt.gasUsed).toBe(25_000n);
    expect(result.outcome.ok).toBe(false);
    if (!result.outcome.ok) {
      expect(renderMessage(result.outcome.reason)).toBe(
        'It would run out of gas: all 25,000 gas of its limit would be used.',
      );
    }
    expect(result.gasUsed).toBe(receipt.gasUsed);
  });
});
