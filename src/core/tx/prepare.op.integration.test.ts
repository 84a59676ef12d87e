// Send's fees on a real OP Stack chain (EDR's, started for this file): the L1 data fee Cairn shows
// is the one the receipt says was paid, and the balance moves by exactly what the review showed.
import { concatHex, erc20Abi, type Hash, type Hex, keccak256, parseEther, parseUnits, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useLocalOpChain } from '@/testing/localOpChain';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { demoSigner } from '@/testing/txFixtures';
import { opContractAddresses } from '../../../devchain/opSeed.ts';
import { demoAddress, seedClient } from '../../../devchain/seedSupport.ts';
import { forgetFeeFamilies } from '../chain/feeFamily';
import { maxGasPrice } from '../chain/fees';
import { l1FeeMax, receiptL1Fee } from '../chain/l1Fees';
import { LOCAL_OP_CHAIN_ID } from '../chain/localChain';
import { parseNetworkDraft, verifyNetwork } from '../chain/networkDraft';
import { OP_GAS_PRICE_ORACLE } from '../chain/networkFacts';
import { localOpNetwork, type Network } from '../chain/networks';
import { memoryLocks } from './locks';
import { type AnyPreparedSend, prepareSend, type SendDraft } from './prepare';
import { planReplacement } from './replacement';
import { TransactionService } from './transactionService';
import { memoryTxStore } from './txStore';

let op: ReturnType<typeof useLocalOpChain>;
let proxy: RpcFaultProxy;
const node = () => seedClient(op.current().chain.url, LOCAL_OP_CHAIN_ID);
let counter = 0;
/** The local OP network through the counting proxy, with an id of its own per test. */
const opNetwork = (): Network => ({ ...localOpNetwork([proxy.url]), id: `op-prepare-${counter++}` });
const eth = { kind: 'native' as const, symbol: 'ETH', decimals: 18 };
const usdc = { kind: 'token' as const, address: opContractAddresses().USDC, symbol: 'USDC', decimals: 6 };

const draft = (over: Partial<SendDraft>): SendDraft => ({
  network: opNetwork(),
  from: demoAddress(0),
  recipient: demoAddress(1),
  asset: eth,
  amount: parseEther('0.25'),
  max: false,
  preset: 'normal',
  ...over,
});

/** Signs and sends a prepared send from demo account `index` as Send does, and waits for its receipt. */
async function send(prepared: AnyPreparedSend, index = 0) {
  const txs = new TransactionService({ store: memoryTxStore(), locks: memoryLocks() });
  const record = await txs.submit({
    network: prepared.draft.network,
    account: await demoSigner(index),
    kind: 'transfer',
    call: prepared.call,
    gas: prepared.gasLimit,
    fees: prepared.fees,
    nonce: prepared.nonce,
  });
  return node().waitForTransactionReceipt({ hash: record.hash as Hash });
}

/** `words` 32-byte words that repeat nothing (hashes of a counter). */
const keccakChain = (words: number): Hex => concatHex(Array.from({ length: words }, (_, i) => keccak256(toHex(i))));

/** Prepares, sends and returns what was shown beside what was paid, with the ETH the sender lost. */
async function preparedAndPaid(d: SendDraft, index = 0) {
  const before = await node().getBalance({ address: d.from });
  proxy.resetCounts();
  const prepared = await prepareSend(d);
  const requests = proxy.requests;
  const receipt = await send(prepared, index);
  const after = await node().getBalance({ address: d.from });
  const l1Fee = receiptL1Fee(receipt);
  const l2Fee = receipt.gasUsed * receipt.effectiveGasPrice;
  return { prepared, receipt, requests, l1Fee, l2Fee, debit: before - after };
}

describe('a send on an OP Stack chain', () => {
  op = useLocalOpChain();
  beforeAll(async () => {
    proxy = await startRpcFaultProxy(op.current().chain.url);
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it('shows the L1 data fee the receipt charges, and the balance moves by value + L2 fee + L1 fee', async () => {
    const { prepared, receipt, requests, l1Fee, l2Fee, debit } = await preparedAndPaid(draft({}));
    expect(receipt.status).toBe('success');
    expect(prepared.l1Cost).toBe('dataFee');
    expect(l1Fee).toBeGreaterThan(0n);
    expect(prepared.l1Fee).toBe(l1Fee);
    expect(debit).toBe(parseEther('0.25') + l2Fee + l1Fee);
    // The base fee did not move between review and inclusion (one transaction per block here).
    expect(prepared.cost.expected).toBe(l2Fee + l1Fee);
    expect(prepared.cost.max).toBe(prepared.gasLimit * maxGasPrice(prepared.fees) + l1FeeMax(prepared.l1Fee));
    // One batch: a transfer is charged the oracle's minimum size, whatever its gas, nonce and fees.
    expect(requests).toBe(1);
  });

  it('reads the L1 fee of the signed fields once known, for a transaction above the minimum size', async () => {
    // Call data that does not compress: the fee follows every byte, the gas and fees included.
    const data = keccakChain(12);
    const { prepared, receipt, requests, l1Fee, l2Fee, debit } = await preparedAndPaid(
      draft({ recipient: demoAddress(2), amount: 1n, advanced: { data } }),
    );
    expect(receipt.status).toBe('success');
    // The first batch, then one getL1Fee of the transaction as it will be signed.
    expect(requests).toBe(2);
    expect(proxy.calls.eth_call).toBe(3);
    // The oracle prices the unsigned bytes plus 68 for the signature; the chain compresses the
    // signed ones. Above the minimum size that differs by a compressed byte or two (here 0.2 %),
    // which nothing read before signing can know: within 0.5 %, and the maximum covers it.
    const off = prepared.l1Fee > l1Fee ? prepared.l1Fee - l1Fee : l1Fee - prepared.l1Fee;
    expect(off * 200n).toBeLessThanOrEqual(l1Fee);
    expect(debit).toBe(1n + l2Fee + l1Fee);
    expect(l2Fee + l1Fee).toBeLessThanOrEqual(prepared.cost.max);
  });

  it('does the same for a USDC transfer: L1 fee exact, ETH debited by the fees alone', async () => {
    const amount = parseUnits('12.5', 6);
    const held = () =>
      node().readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [demoAddress(1)] });
    const received = await held();
    const { prepared, receipt, l1Fee, l2Fee, debit } = await preparedAndPaid(draft({ asset: usdc, amount }));
    expect(receipt.status).toBe('success');
    expect((await held()) - received).toBe(amount);
    expect(l1Fee).toBeGreaterThan(0n);
    expect(prepared.l1Fee).toBe(l1Fee);
    expect(debit).toBe(l2Fee + l1Fee);
    // The estimate is what the transfer used, so the shown total is what was paid.
    expect(prepared.gasEstimate).toBe(receipt.gasUsed);
    expect(prepared.cost.expected).toBe(l2Fee + l1Fee);
  });

  it('"Max" leaves room for the padded L1 fee, shows the exact one, and leaves only the unused headroom', async () => {
    const { prepared, receipt, l1Fee, l2Fee, debit } = await preparedAndPaid(
      draft({ from: demoAddress(7), recipient: demoAddress(8), max: true, amount: 0n }),
      7,
    );
    expect(receipt.status).toBe('success');
    expect(prepared.amount + prepared.cost.max).toBe(prepared.nativeBalance);
    expect(prepared.l1Fee).toBe(l1Fee);
    expect(prepared.cost.max - prepared.gasLimit * maxGasPrice(prepared.fees)).toBeGreaterThanOrEqual(l1FeeMax(l1Fee));
    expect(debit).toBe(prepared.amount + l2Fee + l1Fee);
  });

  it('counts the L1 fee on an OP Stack chain added by URL: the family is read from the node', async () => {
    forgetFeeFamilies();
    const parsed = parseNetworkDraft(
      {
        name: 'My OP chain',
        rpcUrls: proxy.url,
        wsUrl: '',
        chainId: String(LOCAL_OP_CHAIN_ID),
        symbol: 'ETH',
        explorerUrl: '',
      },
      undefined,
      () => crypto.randomUUID(),
    );
    if (!parsed.network) throw new Error('draft refused');
    expect(parsed.network.feeFamily).toEqual({ kind: 'unknown' });
    const custom = await verifyNetwork(parsed.network);
    expect(custom.feeFamily).toEqual({ kind: 'opStack', oracle: OP_GAS_PRICE_ORACLE });
    const { prepared, l1Fee, l2Fee } = await preparedAndPaid(draft({ network: custom, amount: parseEther('0.01') }));
    expect(prepared.l1Fee).toBe(l1Fee);
    // Without it the review came out below what was paid (the 1.95 % on OP Mainnet).
    expect(prepared.cost.expected).toBe(l2Fee + l1Fee);

    // One saved before Cairn read families: read at first use, counted alike.
    const older: Network = { ...custom, id: 'op-older', feeFamily: { kind: 'unknown' } };
    const again = await preparedAndPaid(draft({ network: older, amount: parseEther('0.01') }));
    expect(again.prepared.l1Cost).toBe('dataFee');
    expect(again.prepared.l1Fee).toBe(again.l1Fee);
  });

  it('plans a speed-up whose maximum counts the L1 fee, at or above what the replacement pays', async () => {
    const chain = node();
    await chain.setAutomine(false);
    try {
      const network = opNetwork();
      const account = await demoSigner(0);
      const txs = new TransactionService({ store: memoryTxStore(), locks: memoryLocks() });
      const prepared = await prepareSend(draft({ network, amount: parseEther('0.01') }));
      const original = await txs.submit({
        network,
        account,
        kind: 'transfer',
        call: prepared.call,
        gas: prepared.gasLimit,
        fees: prepared.fees,
      });
      const plan = await planReplacement(network, original, 'speed-up');
      expect(plan.l1Cost).toBe('dataFee');
      expect(plan.l1Fee).toBeGreaterThan(0n);
      expect(plan.maxFee).toBe(plan.gas * maxGasPrice(plan.fees) + l1FeeMax(plan.l1Fee));
      expect(plan.enough).toBe(true);
      const faster = await txs.replace(network, account, original, plan);
      await chain.mine({ blocks: 1 });
      const receipt = await chain.waitForTransactionReceipt({ hash: faster.hash as Hash });
      const paid = receipt.gasUsed * receipt.effectiveGasPrice + receiptL1Fee(receipt);
      expect(receiptL1Fee(receipt)).toBeGreaterThan(0n);
      expect(receiptL1Fee(receipt)).toBeLessThanOrEqual(plan.l1Fee);
      expect(paid).toBeLessThanOrEqual(plan.maxFee);
    } finally {
      await chain.setAutomine(true);
    }
  });
});
