// The checks between a Safe transaction and the person's signature or execution, on the local
// chain's Safe 1.4.1: refunds, far nonces and delegatecalls to anything but Safe's own code are
// refused; an execution is refused below the threshold and held, in Safe's words, when it would
// fail; an import takes good signatures and refuses the others one by one.
import { type Address, parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { createTestSafe } from '@/testing/safeFixtures';
import { demoSigner, testNode } from '@/testing/txFixtures';
import { safeAddresses } from '../../../devchain/safe.ts';
import { demoAddress } from '../../../devchain/seed.ts';
import type { Account } from '../accounts/account';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { renderMessage } from '../i18n/message';
import type { PendingSafeTx } from './pendingSafeTx';
import { readSafe } from './readSafe';
import { checkSafeTx, prepareExecution } from './safeActions';
import { checkSafeImport } from './safeImport';
import { callSafeTx, type SafeTx, safeTxTypedData } from './safeTx';
import { safeTxFile } from './safeTxFile';

const url = localChainUrl();
const node = testNode(url);
const network = { ...localNetwork(url), id: 'safe-actions-test' };
const client = chainClient(network);
const at = safeAddresses();

async function safeOf(first: number) {
  const owners = await Promise.all([first, first + 1, first + 2].map(demoSigner));
  const address = await createTestSafe(node, { owners: owners.map((o) => o.address), threshold: 2 });
  await node.setBalance({ address, value: parseEther('1') });
  const state = await readSafe(client, network.chainId, address);
  return { address, owners, state, ref: { chainId: network.chainId, address } };
}

const pendingOf = (safe: Address, tx: SafeTx): PendingSafeTx => ({
  ...safeTxFile({ chainId: network.chainId, safe, tx, signatures: [] }),
  status: 'pending',
  createdAt: 1,
});

describe('what Cairn will sign, keep or execute for a Safe', () => {
  it('refuses a refund, a nonce far ahead, and a delegatecall to anything but Safe’s own code on the chain', async () => {
    const { state } = await safeOf(80);
    const plain = callSafeTx({ to: demoAddress(3), value: 1n, data: '0x' }, 0n);
    await expect(checkSafeTx(network, state, plain)).resolves.toBeUndefined();
    await expect(checkSafeTx(network, state, { ...plain, gasPrice: 1n })).rejects.toMatchObject({
      code: 'SAFE_REFUND_REFUSED',
    });
    await expect(checkSafeTx(network, state, { ...plain, refundReceiver: demoAddress(9) })).rejects.toMatchObject({
      code: 'SAFE_REFUND_REFUSED',
    });
    await expect(checkSafeTx(network, state, { ...plain, nonce: 1_000n })).rejects.toMatchObject({
      code: 'SAFE_NONCE_FAR',
    });
    const viaMultiSend = callSafeTx({ to: at.MultiSendCallOnly, value: 0n, data: '0x' }, 0n, 1);
    await expect(checkSafeTx(network, state, viaMultiSend)).resolves.toBeUndefined();
    await expect(checkSafeTx(network, state, { ...viaMultiSend, to: at.MultiSend })).rejects.toMatchObject({
      code: 'SAFE_DELEGATECALL_REFUSED',
    });
    // MultiSendCallOnly's address, but other code there: refused.
    const code = (await node.getCode({ address: at.MultiSendCallOnly })) as `0x${string}`;
    await node.setCode({ address: at.MultiSendCallOnly, bytecode: '0x6000' });
    try {
      await expect(checkSafeTx(network, state, viaMultiSend)).rejects.toMatchObject({
        code: 'SAFE_DELEGATECALL_REFUSED',
      });
    } finally {
      await node.setCode({ address: at.MultiSendCallOnly, bytecode: code });
    }
  });

  it('executes only past the threshold, and holds an execution that would fail, in Safe’s words', async () => {
    const { address, owners, state, ref } = await safeOf(83);
    const executor = demoAddress(10);
    const tooMuch = callSafeTx({ to: demoAddress(3), value: parseEther('5'), data: '0x' }, 0n);
    const sign = async (tx: SafeTx, i: number) => {
      const owner = owners[i] as (typeof owners)[number];
      return { signer: owner.address, data: await owner.signTypedData(safeTxTypedData(ref, tx)) };
    };
    const one = { ...pendingOf(address, tooMuch), signatures: [await sign(tooMuch, 0)] };
    await expect(
      prepareExecution({ network, executor, state, pending: one, approvedOnChain: [] }),
    ).rejects.toMatchObject({
      code: 'SAFE_NOT_CONFIRMED',
    });
    const two = { ...one, signatures: [...one.signatures, await sign(tooMuch, 1)] };
    await expect(
      prepareExecution({ network, executor, state, pending: two, approvedOnChain: [] }),
    ).rejects.toMatchObject({
      code: 'SAFE_EXECUTION_REVERTS',
      shortMessage: expect.stringContaining('GS013'),
    });
  });

  it('imports a file signature by signature: a stranger’s refused, a good one taken, a used nonce said', async () => {
    const { address, owners, state, ref } = await safeOf(86);
    const account = {
      source: { kind: 'safe', chainId: network.chainId, version: '1.4.1', l2: false },
      address,
    } as Account;
    const tx = callSafeTx({ to: demoAddress(3), value: 1n, data: '0x' }, 0n);
    const stranger = await demoSigner(89);
    const file = safeTxFile({ chainId: network.chainId, safe: address, tx, signatures: [] });
    const signatures = [
      { signer: stranger.address, data: await stranger.signTypedData(safeTxTypedData(ref, tx)) },
      {
        signer: owners[1]?.address as Address,
        data: await owners[1]?.signTypedData(safeTxTypedData(ref, tx)),
      } as const,
      // Said to be owner C's, made by owner A.
      {
        signer: owners[2]?.address as Address,
        data: await owners[0]?.signTypedData(safeTxTypedData(ref, tx)),
      } as const,
    ];
    const imported = await checkSafeImport({
      file: { ...file, signatures: signatures as never },
      network,
      accounts: [account],
      state,
      kept: [],
      now: 1,
      head: 0n,
    });
    expect(imported.accepted.map((s) => s.signer)).toEqual([owners[1]?.address]);
    // Each refusal names its address once.
    expect(imported.refused.map(renderMessage)).toEqual([
      `This signature comes from ${stranger.address}, which is not an owner of this Safe, or it was made for another transaction.`,
      `This signature is said to be from ${owners[2]?.address}, but it was made by another key.`,
    ]);
    expect(imported.nonceUsed).toBe(false);
    await expect(
      checkSafeImport({ file, network, accounts: [], state, kept: [], now: 1, head: 0n }),
    ).rejects.toMatchObject({
      code: 'SAFE_NOT_A_SAFE',
    });
    const later = { ...state, nonce: 1n };
    expect(
      (await checkSafeImport({ file, network, accounts: [account], state: later, kept: [], now: 1, head: 0n }))
        .nonceUsed,
    ).toBe(true);
  });
});
