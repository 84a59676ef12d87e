import { encodeFunctionData, erc20Abi, keccak256, parseEther, zeroAddress } from 'viem';
import { estimateGas } from 'viem/actions';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { demoSigner, recordingService, testFees, testNetwork, testNode } from '@/testing/txFixtures';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { chainClient } from '../chain/client';
import { LOCAL_CHAIN_ID } from '../chain/localChain';
import type { SigningAccount } from '../signing/signerAccount';
import type { TransactionService } from '../tx/transactionService';
import { readSmartAccountState, type SmartAccountState } from './accountState';
import { type SmartTransaction, selfPaidBatch, sponsoredBatch, upgradeTransaction } from './atomicSend';
import { checkDelegateCode } from './delegateCheck';
import { DELEGATION_CONTRACTS } from './delegates';
import { payerCall } from './sponsorship';
import { runsEip7702 } from './support';

const url = localChainUrl();
const node = testNode(url);
const network = testNetwork(url);
const client = chainClient(network);
const signing = { client, chainId: LOCAL_CHAIN_ID };
const { USDC } = demoContractAddresses();

const nonceOf = (address: `0x${string}`) => node.getTransactionCount({ address, blockTag: 'pending' });
const tokenBalance = (address: `0x${string}`) =>
  node.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
const usdcTransfer = (to: `0x${string}`, amount: bigint) => ({
  to: USDC,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
});

/** The account, counting the authorizations it is asked for. */
function countingAuthorizations(account: SigningAccount) {
  let asked = 0;
  const counting = {
    ...account,
    signAuthorization: (...args: Parameters<NonNullable<SigningAccount['signAuthorization']>>) => {
      asked++;
      return account.signAuthorization?.(...args) as never;
    },
  } as SigningAccount;
  return { counting, asked: () => asked };
}

/** Sends a smart transaction as Cairn does (its gas estimated with its authorizations), mined, tracked. */
async function send(txs: TransactionService, sender: SigningAccount, tx: SmartTransaction) {
  const gas = await estimateGas(client, {
    account: tx.sender,
    ...tx.call,
    authorizationList: tx.authorizations.length ? tx.authorizations : undefined,
  });
  const record = await txs.submit({
    network,
    account: sender,
    kind: tx.kind,
    call: tx.call,
    gas: (gas * 5n) / 4n,
    fees: testFees,
    authorizations: tx.authorizations,
    batch: tx.batch,
  });
  const [change] = await txs.track(network);
  return change?.record ?? record;
}

describe('an EIP-7702 smart account on the local chain', () => {
  it('finds that the chain runs EIP-7702 with the delegate in place', async () => {
    expect(await runsEip7702(client, LOCAL_CHAIN_ID)).toBe(true);
  });

  it('is upgraded, sends a batch atomically, and is undone', async () => {
    const { txs } = recordingService();
    const account = await demoSigner(40);
    await node.setBalance({ address: account.address, value: parseEther('10') });
    expect(await readSmartAccountState(client, account.address)).toEqual({ kind: 'plain' });

    const upgrade = await upgradeTransaction(signing, account, false, await nonceOf(account.address));
    const upgraded = await send(txs, account, upgrade);
    expect(upgraded).toMatchObject({ status: 'confirmed', kind: 'account-upgrade' });
    expect(upgraded.raw?.startsWith('0x04')).toBe(true);
    expect(await readSmartAccountState(client, account.address)).toEqual({
      kind: 'upgraded',
      delegate: DELEGATION_CONTRACTS.delegator,
    });

    const [first, second] = [demoAddress(41), demoAddress(42)];
    const before = await Promise.all([node.getBalance({ address: first }), node.getBalance({ address: second })]);
    const calls = [
      { to: first, value: parseEther('1'), data: '0x' as const },
      { to: second, value: parseEther('2'), data: '0x' as const },
    ];
    const batch = await selfPaidBatch(
      signing,
      account,
      { kind: 'upgraded', delegate: DELEGATION_CONTRACTS.delegator },
      calls,
      await nonceOf(account.address),
    );
    expect(batch.authorizations).toEqual([]);
    const sent = await send(txs, account, batch);
    expect(sent).toMatchObject({ status: 'confirmed', kind: 'batch', batch: { calls: 2, account: account.address } });
    expect(await node.getBalance({ address: first })).toBe((before[0] ?? 0n) + parseEther('1'));
    expect(await node.getBalance({ address: second })).toBe((before[1] ?? 0n) + parseEther('2'));

    const undo = await upgradeTransaction(signing, account, true, await nonceOf(account.address));
    expect(undo.authorizations[0]?.address).toBe(zeroAddress);
    expect(await send(txs, account, undo)).toMatchObject({ status: 'confirmed', kind: 'account-undo' });
    expect(await readSmartAccountState(client, account.address)).toEqual({ kind: 'plain' });
  });

  it('upgrades a plain account in the same transaction as its first batch, and a failing call reverts them all', async () => {
    const account = await demoSigner(43);
    await node.setBalance({ address: account.address, value: parseEther('1') });
    const state = await readSmartAccountState(client, account.address);
    // The second call asks for more USDC than the account holds: the first must not happen either.
    const calls = [{ to: demoAddress(44), value: 1n, data: '0x' as const }, usdcTransfer(demoAddress(44), 10n ** 30n)];
    const batch = await selfPaidBatch(signing, account, state, calls, await nonceOf(account.address));
    expect(batch.authorizations).toHaveLength(1);
    await expect(
      estimateGas(client, { account: account.address, ...batch.call, authorizationList: batch.authorizations }),
    ).rejects.toThrow(/exceeds balance|revert/i);
    const ok = await selfPaidBatch(signing, account, state, calls.slice(0, 1), await nonceOf(account.address));
    const { txs } = recordingService();
    expect(await send(txs, account, ok)).toMatchObject({ status: 'confirmed' });
    expect((await readSmartAccountState(client, account.address)).kind).toBe('upgraded');
  });

  it('lets another account pay the gas for an account holding no ETH, for exactly the reviewed calls', async () => {
    const account = await demoSigner(45);
    const payer = await demoSigner(46);
    await node.setBalance({ address: payer.address, value: parseEther('5') });
    await node.setBalance({ address: account.address, value: 0n });
    // Tokens for the sponsored account, from a funded demo account.
    const funder = await demoSigner(0);
    const { txs } = recordingService();
    await txs.submit({
      network,
      account: funder,
      kind: 'call',
      call: usdcTransfer(account.address, 50_000_000n),
      gas: 80_000n,
      fees: testFees,
    });
    await txs.track(network);

    const recipient = demoAddress(49);
    const before = await tokenBalance(recipient);
    const calls = [usdcTransfer(recipient, 20_000_000n)];
    const nowSeconds = (await node.getBlock()).timestamp;
    const state = await readSmartAccountState(client, account.address);
    const sponsored = await sponsoredBatch(signing, account, state, {
      payer: payer.address,
      calls,
      accountNonce: await nonceOf(account.address),
      nowSeconds,
    });
    expect(sponsored.authorizations.map((a) => a.authority)).toEqual([account.address]);
    if (!sponsored.delegation) throw new Error('no delegation');

    // The same signed delegation does not let the payer move another amount.
    const other = payerCall(sponsored.delegation, [usdcTransfer(recipient, 30_000_000n)]);
    await expect(
      estimateGas(client, { account: payer.address, ...other, authorizationList: sponsored.authorizations }),
    ).rejects.toThrow(/ExactExecutionBatchEnforcer:invalid-execution/);

    const sent = await send(txs, payer, sponsored);
    expect(sent).toMatchObject({ status: 'confirmed', kind: 'pay-gas', from: payer.address });
    expect(await tokenBalance(recipient)).toBe(before + 20_000_000n);
    expect(await node.getBalance({ address: account.address })).toBe(0n);

    // Nor to run the same calls twice.
    await expect(estimateGas(client, { account: payer.address, ...sponsored.call })).rejects.toThrow(
      /LimitedCallsEnforcer:limit-exceeded/,
    );
  });

  it('refuses an authorization whose nonce moved, and marks failed a batch whose authorization the chain skipped', async () => {
    const account = await demoSigner(35);
    const payer = await demoSigner(36);
    await node.setBalance({ address: account.address, value: parseEther('1') });
    await node.setBalance({ address: payer.address, value: parseEther('1') });
    const { txs } = recordingService();
    const calls = [{ to: demoAddress(37), value: 1n, data: '0x' as const }];
    const state = await readSmartAccountState(client, account.address);
    const nowSeconds = (await node.getBlock()).timestamp;
    const sponsoredAt = async () =>
      sponsoredBatch(signing, account, state, {
        payer: payer.address,
        calls,
        accountNonce: await nonceOf(account.address),
        nowSeconds,
      });
    const stale = await sponsoredAt();
    // The account sends a transaction of its own: the authorization's nonce is behind.
    await txs.submit({ network, account, kind: 'transfer', call: calls[0] as never, gas: 21_000n, fees: testFees });
    await txs.track(network);
    const submitAs = (tx: typeof stale) =>
      txs.submit({
        network,
        account: payer,
        kind: tx.kind,
        call: tx.call,
        gas: 300_000n,
        fees: testFees,
        authorizations: tx.authorizations,
        batch: tx.batch,
      });
    await expect(submitAs(stale)).rejects.toMatchObject({ code: 'SMART_AUTHORIZATION_NONCE' });

    // The same race, past the check: both wait in the pool, the account's own goes first.
    const fresh = await sponsoredAt();
    await node.setAutomine(false);
    try {
      // Passes the check (the account's nonce has not moved yet), then the account's own goes in first.
      const record = await submitAs(fresh);
      await node.dropTransaction({ hash: record.hash });
      await txs.submit({ network, account, kind: 'transfer', call: calls[0] as never, gas: 21_000n, fees: testFees });
      await node.sendRawTransaction({ serializedTransaction: record.raw as `0x${string}` });
      await node.mine({ blocks: 1 });
      const changes = await txs.track(network);
      const mined = changes.find((c) => c.record.id === record.id)?.record;
      expect(mined?.status).toBe('failed');
      expect(mined?.failureReason).toMatchObject({ id: 'core.chain:smartAccount.authorizationSkipped' });
    } finally {
      await node.setAutomine(true);
    }
  });

  it('refuses to ask for an authorization when the delegate’s code is a look-alike', async () => {
    const original = await node.getCode({ address: DELEGATION_CONTRACTS.delegator });
    if (!original) throw new Error('no delegator on the local chain');
    // The same code with its last byte changed: same size, same address, another hash.
    const lookAlike = `${original.slice(0, -2)}${original.endsWith('00') ? '01' : '00'}` as `0x${string}`;
    const account = await demoSigner(50);
    const { counting, asked } = countingAuthorizations(account);
    await node.setCode({ address: DELEGATION_CONTRACTS.delegator, bytecode: lookAlike });
    try {
      expect(keccak256(lookAlike)).not.toBe(keccak256(original));
      await expect(checkDelegateCode(client, LOCAL_CHAIN_ID)).rejects.toMatchObject({
        code: 'SMART_DELEGATE_MISMATCH',
      });
      await expect(upgradeTransaction(signing, counting, false, 0)).rejects.toMatchObject({
        code: 'SMART_DELEGATE_MISMATCH',
      });
      expect(asked()).toBe(0);
    } finally {
      await node.setCode({ address: DELEGATION_CONTRACTS.delegator, bytecode: original });
    }
    await expect(checkDelegateCode(client, LOCAL_CHAIN_ID)).resolves.toBeUndefined();
    // A chain for which Cairn has no published hash is not checked against anything: refused too.
    await expect(checkDelegateCode(client, 999_999_999)).rejects.toMatchObject({ code: 'SMART_DELEGATE_UNVERIFIED' });
  });

  it('refuses to ask for an authorization or a delegation when the DelegationManager’s or an enforcer’s code is a look-alike', async () => {
    const account = await demoSigner(54);
    const { counting, asked } = countingAuthorizations(account);
    let typedData = 0;
    const signer = {
      ...counting,
      signTypedData: (...args: Parameters<SigningAccount['signTypedData']>) => {
        typedData++;
        return account.signTypedData(...args);
      },
    } as SigningAccount;
    const plain = await readSmartAccountState(client, account.address);
    expect(plain).toEqual({ kind: 'plain' });
    const sponsored = async (state: SmartAccountState) =>
      sponsoredBatch(signing, signer, state, {
        payer: demoAddress(55),
        calls: [{ to: demoAddress(55), value: 1n, data: '0x' }],
        accountNonce: 0,
        nowSeconds: (await node.getBlock()).timestamp,
      });
    type Checked = 'delegationManager' | 'limitedCallsEnforcer';
    /** Runs `refused` with `contract`'s code changed in its last byte, then puts the code back. */
    const withLookAlike = async (contract: Checked, refused: () => Promise<void>) => {
      const address = DELEGATION_CONTRACTS[contract];
      const original = await node.getCode({ address });
      if (!original) throw new Error(`no ${contract} on the local chain`);
      const lookAlike = `${original.slice(0, -2)}${original.endsWith('00') ? '01' : '00'}` as `0x${string}`;
      await node.setCode({ address, bytecode: lookAlike });
      try {
        await refused();
      } finally {
        await node.setCode({ address, bytecode: original });
      }
      expect(await node.getCode({ address })).toBe(original);
    };
    const refusal = (contract: Checked) => ({
      code: 'SMART_DELEGATE_MISMATCH',
      details: expect.stringContaining(`${contract} ${DELEGATION_CONTRACTS[contract]}`),
    });

    // The delegator trusts whatever runs at the manager's address with every upgraded account's executions.
    await withLookAlike('delegationManager', async () => {
      await expect(checkDelegateCode(client, LOCAL_CHAIN_ID)).rejects.toMatchObject(refusal('delegationManager'));
      await expect(upgradeTransaction(signing, signer, false, 0)).rejects.toMatchObject(refusal('delegationManager'));
      await expect(sponsored(plain)).rejects.toMatchObject(refusal('delegationManager'));
    });
    // A sponsored batch's limits are the enforcers' code: checked for an upgraded account too.
    await withLookAlike('limitedCallsEnforcer', async () => {
      await expect(checkDelegateCode(client, LOCAL_CHAIN_ID)).resolves.toBeUndefined();
      const upgraded = { kind: 'upgraded', delegate: DELEGATION_CONTRACTS.delegator } as const;
      await expect(sponsored(upgraded)).rejects.toMatchObject(refusal('limitedCallsEnforcer'));
    });
    expect([asked(), typedData]).toEqual([0, 0]);
    await expect(checkDelegateCode(client, LOCAL_CHAIN_ID, { sponsorship: true })).resolves.toBeUndefined();
  });

  it('signs an authorization to another delegate only when the person took the advanced choice, and only to a contract', async () => {
    const account = await demoSigner(51);
    const { counting, asked } = countingAuthorizations(account);
    const nonce = await nonceOf(account.address);
    const refused = (address: `0x${string}`, otherAllowed: boolean) =>
      expect(upgradeTransaction(signing, counting, false, nonce, { address, otherAllowed })).rejects.toMatchObject({
        code: 'SMART_DELEGATE_NOT_ALLOWED',
      });
    // A contract, but the warning was not taken; then no code at all; then an account delegated elsewhere.
    await refused(USDC, false);
    await refused(demoAddress(52), true);
    await node.setCode({ address: demoAddress(53), bytecode: `0xef0100${USDC.slice(2)}` });
    await refused(demoAddress(53), true);
    await refused(DELEGATION_CONTRACTS.delegationManager, true);
    expect(asked()).toBe(0);

    const chosen = await upgradeTransaction(signing, counting, false, nonce, { address: USDC, otherAllowed: true });
    expect(chosen).toMatchObject({ kind: 'account-upgrade', sender: account.address });
    expect(chosen.authorizations[0]).toMatchObject({ address: USDC, nonce: nonce + 1, authority: account.address });
    // Cairn's own delegate typed in the advanced field is checked by its code hash, as always.
    const own = await upgradeTransaction(signing, counting, false, nonce, {
      address: DELEGATION_CONTRACTS.delegator,
      otherAllowed: true,
    });
    expect(own.authorizations[0]?.address).toBe(DELEGATION_CONTRACTS.delegator);
    expect(asked()).toBe(2);
  });
});
