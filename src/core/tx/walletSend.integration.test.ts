// A browser wallet's account sending through TransactionService against the local node: the
// wallet signs, chooses the nonce and sends; Cairn records the transaction by its hash and tracks it.
import { type Address, type Hex, hexToBigInt, keccak256, parseEther, parseGwei } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { sendWithWallet } from '@/core/externalWallet/walletSigner';
import type { SigningAccount } from '@/core/signing/signerAccount';
import { cairnRefusal } from '@/testing/expectRefusal';
import { inWords } from '@/testing/inWords';
import { localChainUrl } from '@/testing/localChainUrl';
import { createSoftwareWallet, providerError } from '@/testing/softwareWallet';
import { recordingService, testFees, testNetwork, testNode } from '@/testing/txFixtures';
import { demoAddress } from '../../../devchain/seed.ts';
import { planReplacement } from './replacement';
import { memoryTxStore, readStored, toStored } from './txStore';

const url = localChainUrl();
const node = testNode(url);

/** A funded wallet of its own on the local chain, and its account as Cairn's flows get it. */
async function walletAccount(name = 'Software Wallet') {
  const wallet = createSoftwareWallet({ privateKey: generatePrivateKey(), chainId: 31337, rpcUrl: url });
  await node.setBalance({ address: wallet.address, value: parseEther('10') });
  await wallet.provider.request({ method: 'eth_requestAccounts' });
  const external = { name, provider: wallet.provider };
  const account = {
    address: wallet.address,
    wallet: { name, send: (tx) => sendWithWallet(external, wallet.address, tx) },
  } as SigningAccount;
  return { wallet, account };
}

const refusal = cairnRefusal;

describe('sending through a browser wallet', () => {
  it('records what the wallet sent by its hash, with the nonce and fees the node holds, and tracks it', async () => {
    const { txs, statusesAtPut } = recordingService();
    const net = testNetwork(url);
    const { wallet, account } = await walletAccount();
    // The wallet has a transaction of its own first: its nonce is not the one Cairn would pick alone.
    await node.sendTransaction({ account: wallet.account, to: demoAddress(60), value: 1n });
    const to = demoAddress(61);
    const before = await node.getBalance({ address: to });
    // The wallet chooses its own gas and fee, as wallets may: the record must hold what was sent.
    wallet.answerNext('eth_sendTransaction', async (params) => {
      const asked = params?.[0] as { to: Address; value: Hex };
      const raw = await wallet.account.signTransaction({
        chainId: 31337,
        nonce: await node.getTransactionCount({ address: wallet.address, blockTag: 'pending' }),
        to: asked.to,
        value: hexToBigInt(asked.value),
        gas: 30_000n,
        maxFeePerGas: parseGwei('7'),
        maxPriorityFeePerGas: parseGwei('2'),
      });
      return node.sendRawTransaction({ serializedTransaction: raw });
    });
    const record = await txs.submit({
      network: net,
      account,
      kind: 'transfer',
      call: { to, value: parseEther('0.5'), data: '0x' },
      gas: 21_000n,
      fees: testFees,
    });
    expect(statusesAtPut).toEqual(['pending']);
    expect(record).toMatchObject({ status: 'pending', raw: undefined, sentBy: 'Software Wallet', nonce: 1, to });
    const sent = await node.getTransaction({ hash: record.hash });
    expect(sent.from.toLowerCase()).toBe(wallet.address.toLowerCase());
    expect(record.fees).toEqual({
      kind: 'eip1559',
      maxFeePerGas: sent.maxFeePerGas,
      maxPriorityFeePerGas: sent.maxPriorityFeePerGas,
    });
    expect(record).toMatchObject({ gas: 30_000n, fees: { maxFeePerGas: parseGwei('7') } });
    const sendRequest = wallet.log.find((r) => r.method === 'eth_sendTransaction');
    expect(sendRequest?.params?.[0]).not.toHaveProperty('nonce');
    const [change] = await txs.track(net);
    expect(change?.record).toMatchObject({ status: 'confirmed', confirmations: 1 });
    expect(await node.getBalance({ address: to })).toBe(before + parseEther('0.5'));
    // The record without signed bytes survives storage.
    expect(readStored([toStored(record)]).records).toHaveLength(1);
  });

  it('neither speeds up, cancels, fills a gap nor sends at a chosen nonce for a wallet, and records nothing the wallet declined', async () => {
    const { txs, stored } = recordingService();
    const net = testNetwork(url);
    const { wallet, account } = await walletAccount();
    const call = { to: demoAddress(62), value: 1n, data: '0x' as const };
    const first = await txs.submit({ network: net, account, kind: 'transfer', call, gas: 21_000n, fees: testFees });
    const plan = await planReplacement(net, { ...first, status: 'pending' }, 'speed-up');
    expect((await refusal(txs.replace(net, account, first, { ...plan, enough: true }))).code).toBe(
      'WALLET_SENDS_ITSELF',
    );
    expect(
      (
        await refusal(
          txs.submit({ network: net, account, kind: 'transfer', call, gas: 21_000n, fees: testFees, nonce: 7 }),
        )
      ).code,
    ).toBe('WALLET_SENDS_ITSELF');
    wallet.answerNext('eth_sendTransaction', () => {
      throw providerError(4001, 'User rejected the request.');
    });
    const declined = await refusal(
      txs.submit({ network: net, account, kind: 'transfer', call, gas: 21_000n, fees: testFees }),
    );
    expect(declined.code).toBe('WALLET_REJECTED');
    expect([...new Set(stored.map((r) => r.id))]).toEqual([first.id]);
  });

  it('keeps the nonce it expected while the node has not seen the transaction, waits, then tracks it once seen', async () => {
    const { txs } = recordingService();
    const net = testNetwork(url);
    const { wallet } = await walletAccount();
    // The wallet sends through a node that is not Cairn's: Cairn's node gets the bytes only later.
    const signed = await wallet.account.signTransaction({
      chainId: 31337,
      nonce: 0,
      to: demoAddress(63),
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: testFees.maxFeePerGas,
      maxPriorityFeePerGas: testFees.maxPriorityFeePerGas,
    });
    const late = {
      address: wallet.address,
      wallet: { name: 'Late Wallet', send: async () => keccak256(signed) },
    } as unknown as SigningAccount;
    const record = await txs.submit({
      network: net,
      account: late,
      kind: 'transfer',
      call: { to: demoAddress(63), value: 1n, data: '0x' },
      gas: 21_000n,
      fees: testFees,
    });
    expect(record).toMatchObject({ nonce: 0, status: 'pending', sentBy: 'Late Wallet', raw: undefined });
    // Nothing to send again: tracking waits.
    expect(await txs.track(net)).toEqual([]);
    await node.sendRawTransaction({ serializedTransaction: signed });
    const [change] = await txs.track(net);
    expect(change?.record).toMatchObject({ status: 'confirmed', nonce: 0 });
  });

  it('says on the record when the wallet sent something else, also when the node sees it only once mined', async () => {
    const net = testNetwork(url);
    const { wallet } = await walletAccount();
    const reviewed = demoAddress(65);
    // A wallet that sends its own choice (to another address, twice the value) through its own node.
    const signed = await wallet.account.signTransaction({
      chainId: 31337,
      nonce: 0,
      to: demoAddress(66),
      value: 2n,
      gas: 21_000n,
      maxFeePerGas: testFees.maxFeePerGas,
      maxPriorityFeePerGas: testFees.maxPriorityFeePerGas,
    });
    const rogue = {
      address: wallet.address,
      wallet: { name: 'Rogue Wallet', send: async () => keccak256(signed) },
    } as unknown as SigningAccount;
    const { txs, store } = recordingService();
    const call = { to: reviewed, value: 1n, data: '0x' as const };
    const record = await txs.submit({
      network: net,
      account: rogue,
      kind: 'transfer',
      call,
      gas: 21_000n,
      fees: testFees,
    });
    expect(record).toMatchObject({ nonceUnconfirmed: true, to: reviewed });
    expect(record.walletMismatch).toBeUndefined();
    // Mined before Cairn's tracking first sees it: the receipt and the transaction come in one pass.
    await node.sendRawTransaction({ serializedTransaction: signed });
    await txs.track(net);
    const [tracked] = await store.forAccount(31337, wallet.address);
    expect(tracked).toMatchObject({ status: 'confirmed', to: demoAddress(66), value: 2n });
    expect(inWords(tracked?.walletMismatch)).toBe(
      `Rogue Wallet sent something other than what you reviewed: to ${demoAddress(66)} instead of ${reviewed}; a value of 0.000000000000000002 ETH instead of 0.000000000000000001 ETH.`,
    );
  });

  it('refuses the hash of another account’s transaction, and says so when a sent transaction could not be saved', async () => {
    const net = testNetwork(url);
    const { wallet } = await walletAccount();
    const other = await walletAccount();
    const hash = await node.sendTransaction({ account: other.wallet.account, to: demoAddress(64), value: 1n });
    const lying = {
      address: wallet.address,
      wallet: { name: 'Lying Wallet', send: async () => hash },
    } as unknown as SigningAccount;
    const { txs, store } = recordingService();
    const call = { to: demoAddress(64), value: 1n, data: '0x' as const };
    const answer = await refusal(
      txs.submit({ network: net, account: lying, kind: 'transfer', call, gas: 21_000n, fees: testFees }),
    );
    expect(answer.code).toBe('WALLET_ANSWER');
    // Kept, marked as not this account's: never tracked as a payment of it.
    expect((await store.forAccount(31337, wallet.address)).map((r) => r.status)).toEqual(['rejected']);

    const failing = recordingService({
      ...memoryTxStore(),
      async put() {
        throw new Error('quota exceeded');
      },
    });
    const sent = {
      address: wallet.address,
      wallet: { name: 'Test Wallet', send: async () => hash },
    } as unknown as SigningAccount;
    const error = await failing.txs
      .submit({ network: net, account: sent, kind: 'transfer', call, gas: 21_000n, fees: testFees })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TX_SENT_NOT_SAVED' });
    expect((error as Error & { shortMessage: string }).shortMessage).toContain(`(hash ${hash})`);
    expect((error as Error & { shortMessage: string }).shortMessage).not.toMatch(/not sent|nothing was sent/i);
  });
});
