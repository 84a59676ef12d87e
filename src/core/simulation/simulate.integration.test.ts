import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
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
import type { SimulationResult, UnsignedTransaction } from './types';

const url = inject('localChainUrl');
const contracts = demoContractAddresses();
// Accounts of the demo mnemonic past the node's twenty: no other test uses them, so balances read
// around a block are this test's alone.
const SENDER_INDEX = 30;
const sender = demoAddress(SENDER_INDEX);
const recipient = demoAddress(31);
const operator = demoAddress(32);
const DAI_HELD = parseEther('1000');
const NFT_ID = 9_013n;
const direct = createPublicClient({ chain: hardhat, transport: http(url) });
const wallet = (index: number) =>
  createWalletClient({
    account: mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: index }),
    chain: hardhat,
    transport: http(url),
  });
const nftAbi = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function setApprovalForAll(address operator, bool approved)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
]);
const cache = createProbeCache();
const client = chainClient({ ...localNetwork(url), id: 'simulation-test' });

/** Storage slot of `mapping[key]` for a mapping declared at `slot` (Solidity's layout). */
const mappingSlot = (key: bigint | Address, slot: bigint) =>
  keccak256(encodeAbiParameters(parseAbiParameters('uint256, uint256'), [BigInt(key), slot]));
const word = (value: bigint | Address) => pad(toHex(BigInt(value)), { size: 32 });

// The sender is given its coin, DAI and an NFT by writing state directly: sending them from a
// seeded account would take a nonce another test file may be using at the same moment.
beforeAll(async () => {
  const test = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) });
  await test.setBalance({ address: sender, value: parseEther('100') });
  // DemoToken: balanceOf is slot 3. DemoCollection: ownerOfToken is slot 2, balances slot 3.
  await test.setStorageAt({ address: contracts.DAI, index: mappingSlot(sender, 3n), value: word(DAI_HELD) });
  await test.setStorageAt({ address: contracts.NFT, index: mappingSlot(NFT_ID, 2n), value: word(sender) });
  await test.setStorageAt({ address: contracts.NFT, index: mappingSlot(sender, 3n), value: word(1n) });
  const held = await direct.readContract({
    address: contracts.DAI,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [sender],
  });
  expect(held).toBe(DAI_HELD);
});

/** Simulates, then sends the same transaction from the sender's key and waits for it to be mined. */
async function simulateThenMine(tx: Omit<UnsignedTransaction, 'from'>) {
  const unsigned: UnsignedTransaction = { from: sender, gas: 300_000n, ...tx };
  const result = await simulateTransaction(client, unsigned, { cache });
  const account = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: SENDER_INDEX });
  const request = await wallet(SENDER_INDEX).prepareTransactionRequest({
    account,
    to: tx.to ?? null,
    value: tx.value,
    data: tx.data,
    gas: unsigned.gas,
  });
  const signed = await account.signTransaction(request as never);
  const hash = keccak256(signed);
  // Hardhat answers a failing transaction with an error, but mines it: the receipt says what happened.
  const sendError = await direct.sendRawTransaction({ serializedTransaction: signed }).then(
    () => undefined,
    (error: unknown) => error as Error,
  );
  const receipt = await direct.waitForTransactionReceipt({ hash });
  return { result, receipt, sendError };
}

/** Every simulated change and log equals what the mined block shows. */
async function expectMatchesChain(result: SimulationResult, receipt: TransactionReceipt) {
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
      const paid = change.address === sender ? fee : 0n;
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
          abi: nftAbi,
          functionName: 'ownerOf',
          args: [tokenId],
          blockNumber: after,
        });
        expect(owner, label).toBe(change.address);
      }
    }
  }
}

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
    await expectMatchesChain(result, receipt);
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
    await expectMatchesChain(result, receipt);
  });

  it('previews an unlimited approval exactly', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [operator, maxUint256] });
    const { result, receipt } = await simulateThenMine({ to: contracts.DAI, data });
    expect(result.approvals).toEqual([
      { kind: 'erc20', token: contracts.DAI, owner: sender, spender: operator, amount: maxUint256, unlimited: true },
    ]);
    expect(result.changes).toEqual([]);
    await expectMatchesChain(result, receipt);
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
    await expectMatchesChain(result, receipt);
  });

  it('previews setApprovalForAll exactly', async () => {
    const data = encodeFunctionData({ abi: nftAbi, functionName: 'setApprovalForAll', args: [operator, true] });
    const { result, receipt } = await simulateThenMine({ to: contracts.NFT, data });
    expect(result.approvals).toEqual([
      { kind: 'operator', token: contracts.NFT, owner: sender, operator, approved: true },
    ]);
    await expectMatchesChain(result, receipt);
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
    expect(result.outcome).toMatchObject({ ok: false, reason: 'ERC20: transfer amount exceeds balance' });
    expect(sendError?.message).toContain('ERC20: transfer amount exceeds balance');
    expect(result).toMatchObject({ logs: [], changes: [], approvals: [] });
    expect(result.gasUsed).toBe(receipt.gasUsed);
  });

  it('previews running out of gas as such, using all of the limit as the mined transaction does', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] });
    const { result, receipt } = await simulateThenMine({ to: contracts.DAI, data, gas: 25_000n });
    expect(receipt.status).toBe('reverted');
    expect(receipt.gasUsed).toBe(25_000n);
    expect(result.outcome).toMatchObject({
      ok: false,
      reason: 'It would run out of gas: all 25,000 gas of its limit would be used.',
    });
    expect(result.gasUsed).toBe(receipt.gasUsed);
  });
});
