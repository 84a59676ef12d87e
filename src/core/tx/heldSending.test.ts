// The one gate (core/verify/sendingGate.ts) at the two choke points every transaction passes:
// the transaction service's submit (every signing path) and the Broadcast tool's send. While an
// unacknowledged alarm stands on the network, nothing reaches the account's signer, a browser
// wallet, or the node; once acknowledged, the same call goes on. Bytes signed before the alarm are
// still sent (tracking's re-broadcast), as documented on TransactionService.
import { type Hex, keccak256, parseGwei, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_CHAIN_ID } from '../chain/localChain';
import { localNetwork, type Network } from '../chain/networks';
import { isCairnError } from '../errors/base';
import type { SigningAccount } from '../signing/signerAccount';
import { alarmWith, changeAlarm } from '../verify/alarm';
import { broadcastToNetwork } from './broadcastRaw';
import { memoryLocks } from './locks';
import type { TxRecord } from './record';
import { TransactionService } from './transactionService';
import { memoryTxStore } from './txStore';

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const fees = { kind: 'eip1559' as const, maxFeePerGas: parseGwei('5'), maxPriorityFeePerGas: parseGwei('1') };
const lie = { key: 'k', transaction: 't', problem: { id: 'common:hold.title' as const }, block: 1n, source: 'x' };

let counter = 0;
let network: Network;
/** Every JSON-RPC method the "node" was asked, in order. */
let asked: string[];

/** A node that answers what submit and a broadcast ask, and counts it. */
function fakeNode(input: unknown, init?: RequestInit): Promise<Response> {
  const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] }[] | object;
  const calls = (Array.isArray(body) ? body : [body]) as { id: number; method: string; params: unknown[] }[];
  const answers = calls.map(({ id, method, params }) => {
    asked.push(method);
    const result =
      method === 'eth_chainId'
        ? toHex(LOCAL_CHAIN_ID)
        : method === 'eth_getTransactionCount'
          ? '0x0'
          : method === 'eth_sendRawTransaction'
            ? keccak256(params[0] as Hex)
            : null;
    return { jsonrpc: '2.0', id, result };
  });
  void input;
  return Promise.resolve(new Response(JSON.stringify(Array.isArray(body) ? answers : answers[0])));
}

/** An account whose signer and wallet record being reached. */
function watchedAccount() {
  const key = privateKeyToAccount(KEY);
  const reached: string[] = [];
  const account: SigningAccount = {
    ...key,
    signTransaction: async (transaction) => {
      reached.push('signer');
      return key.signTransaction(transaction);
    },
  };
  return { account, reached };
}

const raise = () => changeAlarm(network, (before) => alarmWith(before, { calls: [lie], block: 1n }));
const acknowledge = () => changeAlarm(network, (alarm) => alarm && { ...alarm, acknowledged: true });
const heldCode = (error: unknown) => (isCairnError(error) ? error.code : error);

beforeEach(() => {
  network = { ...localNetwork('http://127.0.0.1:9/held'), id: `held-test-${counter++}` };
  asked = [];
  vi.stubGlobal('fetch', vi.fn(fakeNode));
});
afterEach(() => {
  changeAlarm(network, () => undefined);
  vi.unstubAllGlobals();
});

describe('submit while sending is held', () => {
  const call = { to: privateKeyToAccount(KEY).address, value: 1n, data: '0x' as const };

  it('refuses before the account’s signer, the node or the store is reached; goes on once acknowledged', async () => {
    const store = memoryTxStore();
    const service = new TransactionService({ store, locks: memoryLocks() });
    const { account, reached } = watchedAccount();
    raise();
    const held = await service.submit({ network, account, kind: 'transfer', call, gas: 21_000n, fees }).catch(heldCode);
    expect(held).toBe('VERIFY_SENDING_HELD');
    expect(reached).toEqual([]);
    expect(asked).toEqual([]);
    expect(await store.forAccount(network.chainId, account.address)).toEqual([]);

    acknowledge();
    const sent = await service.submit({ network, account, kind: 'transfer', call, gas: 21_000n, fees });
    expect(reached).toEqual(['signer']);
    expect(sent.status).toBe('pending');
    expect(asked).toContain('eth_sendRawTransaction');
  });

  it('holds a browser wallet’s send, a speed-up, a cancel and a filled nonce gap alike', async () => {
    const service = new TransactionService({ store: memoryTxStore(), locks: memoryLocks() });
    const { account, reached } = watchedAccount();
    const walletSend = vi.fn(async () => '0x01' as Hex);
    const inWallet: SigningAccount = { ...account, wallet: { name: 'Some wallet', send: walletSend } };
    const pending = {
      id: 'r',
      nonce: 0,
      from: account.address,
      to: call.to,
      value: 1n,
      data: '0x',
    } as unknown as TxRecord;
    const plan = {
      kind: 'speed-up' as const,
      enough: true,
      gas: 21_000n,
      fees,
      maxFee: 0n,
      previousMaxFee: 0n,
      l1Fee: 0n,
      l1Cost: 'none' as const,
      value: 1n,
      balance: 0n,
    };
    raise();
    const attempts = await Promise.all(
      [
        () => service.submit({ network, account: inWallet, kind: 'transfer', call, gas: 21_000n, fees }),
        () => service.replace(network, account, pending, plan),
        () => service.replace(network, account, pending, { ...plan, kind: 'cancel' }),
        () => service.fillGap(network, account, 3, { kind: 'legacy', gasPrice: 1n }),
        async (): Promise<unknown> => service.refuseWhileHeld(network),
      ].map((attempt) => Promise.resolve().then(attempt).catch(heldCode)),
    );
    expect(attempts).toEqual(Array(5).fill('VERIFY_SENDING_HELD'));
    expect(walletSend).not.toHaveBeenCalled();
    expect(reached).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('still re-broadcasts bytes signed before the alarm (tracking and "Send again")', async () => {
    const store = memoryTxStore();
    const service = new TransactionService({ store, locks: memoryLocks() });
    const { account } = watchedAccount();
    const record = await service.submit({ network, account, kind: 'transfer', call, gas: 21_000n, fees });
    asked = [];
    raise();
    const again = await service.broadcast(network, { ...record, status: 'signed' });
    expect(asked).toEqual(['eth_sendRawTransaction']);
    expect(again.status).toBe('pending');
  });
});

describe('the Broadcast tool while sending is held', () => {
  it('sends nothing to the node, then sends once acknowledged', async () => {
    const raw = await privateKeyToAccount(KEY).signTransaction({
      chainId: LOCAL_CHAIN_ID,
      nonce: 0,
      to: privateKeyToAccount(KEY).address,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    raise();
    expect(await broadcastToNetwork(network, raw).catch(heldCode)).toBe('VERIFY_SENDING_HELD');
    expect(asked).toEqual([]);
    acknowledge();
    expect(await broadcastToNetwork(network, raw)).toEqual({ kind: 'sent', hash: keccak256(raw) });
    expect(asked).toContain('eth_sendRawTransaction');
  });
});
