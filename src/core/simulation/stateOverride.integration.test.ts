import {
  type Address,
  createPublicClient,
  createTestClient,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  keccak256,
  maxUint256,
  pad,
  parseAbi,
  parseAbiParameters,
  parseEther,
  type TransactionReceipt,
  toHex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { chainClient } from '../chain/client';
import { DEMO_MNEMONIC } from '../chain/localChain';
import { localNetwork } from '../chain/networks';
import { logChanges } from './changes';
import { createProbeCache } from './probe';
import { simulateTransaction } from './simulate';
import { SIMULATOR_RUNTIME } from './simulator/simulatorCode.generated';
import type { AssetChange, SimulationResult, UnsignedTransaction } from './types';

const url = inject('localChainUrl');
const contracts = demoContractAddresses();
// Accounts 50–53 of the demo mnemonic: this file's alone. simulate.integration.test.ts uses 30–32;
// 40–46 are taken by the scenarios integration test on branch `scenarios`, which sends from them.
const SENDER_INDEX = 50;
const sender = demoAddress(SENDER_INDEX);
const recipient = demoAddress(51);
const operator = demoAddress(52);
/** Given the simulator's code on the chain: a contract that accepts NFTs (it has the receive hooks). */
const hookHolder = demoAddress(53);
const DAI_HELD = parseEther('1000');
const NFT_IDS = [9_040n, 9_041n, 9_042n];
const direct = createPublicClient({ chain: hardhat, transport: http(url) });
const nftAbi = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function setApprovalForAll(address operator, bool approved)',
]);
const cache = createProbeCache();
const client = chainClient({ ...localNetwork(url), id: 'state-override-test' });

const mappingSlot = (key: bigint | Address, slot: bigint) =>
  keccak256(encodeAbiParameters(parseAbiParameters('uint256, uint256'), [BigInt(key), slot]));
const word = (value: bigint | Address) => pad(toHex(BigInt(value)), { size: 32 });

beforeAll(async () => {
  const test = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) });
  await test.setBalance({ address: sender, value: parseEther('100') });
  // DemoToken: balanceOf is slot 3. DemoCollection: ownerOfToken is slot 2, balances slot 3.
  await test.setStorageAt({ address: contracts.DAI, index: mappingSlot(sender, 3n), value: word(DAI_HELD) });
  for (const id of NFT_IDS) {
    await test.setStorageAt({ address: contracts.NFT, index: mappingSlot(id, 2n), value: word(sender) });
  }
  await test.setStorageAt({ address: contracts.NFT, index: mappingSlot(sender, 3n), value: word(3n) });
  await test.setCode({ address: hookHolder, bytecode: SIMULATOR_RUNTIME });
});

/** Simulates with the stateOverride strategy, then mines the same transaction from the sender's key. */
async function simulateThenMine(tx: Omit<UnsignedTransaction, 'from'>) {
  const unsigned: UnsignedTransaction = { from: sender, gas: 300_000n, ...tx };
  const result = await simulateTransaction(client, unsigned, { cache, strategy: 'stateOverride' });
  const account = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: SENDER_INDEX });
  const request = await direct.prepareTransactionRequest({
    account,
    chain: hardhat,
    to: tx.to ?? null,
    value: tx.value,
    data: tx.data,
    gas: unsigned.gas,
  });
  const signed = await account.signTransaction(request as never);
  await direct.sendRawTransaction({ serializedTransaction: signed }).catch(() => undefined);
  const receipt = await direct.waitForTransactionReceipt({ hash: keccak256(signed) });
  return { result, receipt };
}

const key = (c: AssetChange) => `${c.kind}|${c.address}|${'token' in c ? c.token : ''}|${'id' in c ? c.id : ''}`;
const byKey = (changes: readonly AssetChange[]) => [...changes].sort((a, b) => key(a).localeCompare(key(b)));

/**
 * The token changes and approvals equal those the mined logs show, the native changes equal the
 * balances read around the block (less the fee), and the gas estimate is near the receipt's.
 */
async function expectMatchesChain(result: SimulationResult, receipt: TransactionReceipt) {
  const raw = receipt.logs.map((log, logIndex) => ({
    address: getAddress(log.address),
    topics: log.topics as Hex[],
    data: log.data,
    logIndex,
  }));
  const mined = logChanges(raw, []);
  const tokens = result.changes.filter((c) => c.kind !== 'native');
  expect(byKey(tokens)).toEqual(byKey(mined.changes));
  expect(result.approvals).toEqual(mined.approvals);
  const fee = receipt.gasUsed * receipt.effectiveGasPrice;
  const natives = result.changes.filter((c) => c.kind === 'native');
  for (const address of [sender, recipient, operator, hookHolder]) {
    const read = (blockNumber: bigint) => direct.getBalance({ address, blockNumber });
    const moved = (await read(receipt.blockNumber)) - (await read(receipt.blockNumber - 1n));
    const change = natives.find((c) => c.address === address);
    expect(change ? change.in - change.out : 0n, `native of ${address}`).toBe(moved + (address === sender ? fee : 0n));
  }
  return { gasOff: result.gasUsed - receipt.gasUsed };
}

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
    const { gasOff } = await expectMatchesChain(result, receipt);
    expect(gasOff).toBe(0n);
  });

  it('previews a DAI transfer exactly, gas included', async () => {
    const amount = parseEther('12.5');
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] });
    const { result, receipt } = await simulateThenMine({ to: contracts.DAI, data });
    expect(result.changes).toEqual([
      { kind: 'erc20', address: sender, token: contracts.DAI, in: 0n, out: amount },
      { kind: 'erc20', address: recipient, token: contracts.DAI, in: amount, out: 0n },
    ]);
    const { gasOff } = await expectMatchesChain(result, receipt);
    expect(gasOff).toBe(0n);
  });

  it('previews an unlimited approval exactly', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [operator, maxUint256] });
    const { result, receipt } = await simulateThenMine({ to: contracts.DAI, data });
    expect(result.approvals).toEqual([
      { kind: 'erc20', token: contracts.DAI, owner: sender, spender: operator, amount: maxUint256, unlimited: true },
    ]);
    expect(result.changes).toEqual([]);
    const { gasOff } = await expectMatchesChain(result, receipt);
    expect(gasOff).toBe(0n);
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
    const { gasOff } = await expectMatchesChain(result, receipt);
    expect(gasOff).toBe(0n);
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
    await expectMatchesChain(result, receipt);
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
    const { gasOff } = await expectMatchesChain(result, receipt);
    expect(gasOff).toBe(0n);
  });

  it('previews a revert with the reason and gas the mined transaction gives', async () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, parseEther('1000000000')],
    });
    const { result, receipt } = await simulateThenMine({ to: contracts.DAI, data });
    expect(receipt.status).toBe('reverted');
    expect(result.outcome).toMatchObject({ ok: false, reason: 'ERC20: transfer amount exceeds balance' });
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
    expect(result.notes.join(' ')).toMatch(/stand-in address/);
    const off = result.gasUsed - receipt.gasUsed;
    expect(off < 0n ? -off : off).toBeLessThanOrEqual(receipt.gasUsed / 100n);
  });

  it('says what it cannot see', async () => {
    const { result } = await simulateThenMine({ to: recipient, value: 1n });
    expect(result.notes.join(' ')).toMatch(/not from logs/);
    expect(result.notes.join(' ')).toMatch(/Gas is an estimate/);
  });
});
