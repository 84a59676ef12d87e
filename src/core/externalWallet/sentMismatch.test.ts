import { type Address, encodeFunctionData, erc20Abi, type Hex, parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import type { TxRecord } from '../tx/record';
import { fromStored, toStored } from '../tx/txStore';
import { asSentByWallet, type SeenTransaction } from '../tx/walletSend';
import { sentMismatch } from './sentMismatch';

const from: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const friend: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const thief: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const token: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const ETH = { decimals: 18, symbol: 'ETH' };
const transfer = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });

/** A record as stored when MetaMask was handed the reviewed transaction: its nonce only expected. */
const reviewed: TxRecord = {
  id: 'r1',
  kind: 'transfer',
  networkId: 'local',
  chainId: 31337,
  from,
  nonce: 4,
  to: token,
  value: 0n,
  data: transfer(friend, 10n),
  gas: 60_000n,
  fees: { kind: 'eip1559', maxFeePerGas: 5n, maxPriorityFeePerGas: 1n },
  hash: `0x${'ab'.repeat(32)}`,
  raw: undefined,
  sentBy: 'MetaMask',
  nonceUnconfirmed: true,
  intent: { asset: { kind: 'token', address: token, symbol: 'DAI', decimals: 18 }, amount: 10n, recipient: friend },
  status: 'pending',
  createdAt: 1,
  updatedAt: 1,
  revision: 0,
  replaces: undefined,
  replacedBy: undefined,
  blockNumber: undefined,
  confirmations: 0,
  failureReason: undefined,
  broadcastError: undefined,
  lastBroadcastAt: undefined,
};

/** What the node holds: the reviewed transaction, with the wallet's own gas and fees, changed by `change`. */
const seen = (change: Partial<SeenTransaction> = {}): SeenTransaction => ({
  from,
  to: token,
  value: 0n,
  input: reviewed.data,
  nonce: 4,
  gas: 70_000n,
  chainId: 31337,
  maxFeePerGas: 9n,
  maxPriorityFeePerGas: 2n,
  ...change,
});

describe('a browser wallet that sent something other than what was reviewed', () => {
  it('leaves no notice when it sent what was reviewed, whatever gas and fee it chose', () => {
    const record = asSentByWallet(reviewed, seen(), ETH);
    expect(record.walletMismatch).toBeUndefined();
    expect(record).toMatchObject({ nonceUnconfirmed: undefined, gas: 70_000n, intent: reviewed.intent });
  });

  it('says on the record that the call data sends the tokens elsewhere, and shows what was sent', () => {
    const record = asSentByWallet(reviewed, seen({ input: transfer(thief, 10n) }), ETH);
    expect(inWords(record.walletMismatch)).toBe(
      'MetaMask sent something other than what you reviewed: other call data from byte 16 on (0x90f79bf6eb2c4f87… instead of 0x3c44cdddb6a900fa…).',
    );
    expect(record.data).toBe(transfer(thief, 10n));
    expect(record.intent).toBeUndefined();
  });

  it('names every field that differs: recipient, value, a nonce already used, no chain id', () => {
    const said = sentMismatch(
      'MetaMask',
      { to: friend, value: parseEther('1'), data: '0x', nonce: 4, chainId: 31337 },
      { to: thief, value: parseEther('2'), data: '0x', nonce: 3, chainId: undefined },
      ETH,
    );
    expect(said.fields).toEqual(['to', 'value', 'nonce', 'chain']);
    expect(inWords(said.notice)).toBe(
      `MetaMask sent something other than what you reviewed: to ${thief} instead of ${friend}; a value of 2 ETH instead of 1 ETH; nonce 3, already used by another transaction of this account (Cairn expected 4), so it may have taken that one’s place; no chain id, so it is valid on other networks too, instead of chain id 31337.`,
    );
    expect(
      inWords(
        sentMismatch(
          '',
          { to: friend, value: 0n, data: '0x', nonce: 1, chainId: 1 },
          { to: null, value: 0n, data: '0x60' as Hex, nonce: 1, chainId: 1 },
          ETH,
        ).notice,
      ),
    ).toMatch(/^The browser wallet sent something other than what you reviewed: a contract creation instead of/);
  });

  it('accepts a higher nonce without comment: the wallet counts its own pending transactions', () => {
    const record = asSentByWallet(reviewed, seen({ nonce: 6 }), ETH);
    expect(record.walletMismatch).toBeUndefined();
    expect(record).toMatchObject({ nonce: 6, intent: reviewed.intent });
  });

  it('says a nonce taken from a transaction of the account still waiting, or lower than expected', () => {
    const waiting: TxRecord = { ...reviewed, id: 'r0', nonce: 5, sentBy: undefined, nonceUnconfirmed: undefined };
    const taken = asSentByWallet(reviewed, seen({ nonce: 5 }), ETH, [reviewed, waiting]);
    expect(inWords(taken.walletMismatch)).toBe(
      'MetaMask sent something other than what you reviewed: nonce 5, already used by another transaction of this account (Cairn expected 4), so it may have taken that one’s place.',
    );
    // What it sent is what was reviewed: the intent stays.
    expect(taken.intent).toEqual(reviewed.intent);
    expect(inWords(asSentByWallet(reviewed, seen({ nonce: 2 }), ETH).walletMismatch)).toMatch(/nonce 2, already used/);
    // A settled record's nonce, or another account's, is no clash.
    const settled = { ...waiting, status: 'confirmed' as const };
    const elsewhere = { ...waiting, from: thief };
    expect(asSentByWallet(reviewed, seen({ nonce: 5 }), ETH, [settled, elsewhere]).walletMismatch).toBeUndefined();
  });

  it('keeps the intent only for the call reviewed, as the notice compares it', () => {
    // Hex case is no difference (the node may answer upper case)...
    const upper = asSentByWallet(reviewed, seen({ input: `0x${reviewed.data.slice(2).toUpperCase()}` as Hex }), ETH);
    expect(upper).toMatchObject({ walletMismatch: undefined, intent: reviewed.intent });
    // ...a contract creation in its place is one.
    const creation = asSentByWallet(reviewed, seen({ to: null }), ETH);
    expect(inWords(creation.walletMismatch)).toMatch(/a contract creation instead of a transaction to/);
    expect(creation.intent).toBeUndefined();
  });

  it('reads a legacy transaction’s chain from its v, so an EIP-155 one is not called chainless', () => {
    const legacy = seen({ chainId: undefined, v: 35n + 2n * 31337n, maxFeePerGas: undefined, gasPrice: 3n });
    expect(asSentByWallet(reviewed, legacy, ETH).walletMismatch).toBeUndefined();
    expect(inWords(asSentByWallet(reviewed, { ...legacy, v: 27n }, ETH).walletMismatch)).toMatch(/no chain id/);
  });

  it('keeps the notice through storage, in the language of the day it is read', () => {
    const record = asSentByWallet(reviewed, seen({ to: thief }), ETH);
    const back = fromStored(JSON.parse(JSON.stringify(toStored(record))));
    expect(back.walletMismatch).toEqual(record.walletMismatch);
    expect(() => fromStored({ ...toStored(record), walletMismatch: 'words' })).toThrow(/walletMismatch/);
  });
});
