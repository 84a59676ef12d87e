// The Safe screen over a whole test wallet and a fake node (through fetch) holding a Safe: a kept
// transaction counts the confirmations of the Safe's current owners (a signature from an owner
// removed since no longer counts, and says so; an on-chain approval does), and signing as one of
// the person's owners adds theirs; an import takes the good signatures and refuses each other one
// naming why, and a corrupted or foreign import keeps nothing.
import { MemoryRouter, Route, Routes } from 'react-router';
import { type Address, encodeFunctionData, getAddress, type Hex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingSafeTx } from '@/core/safe/pendingSafeTx';
import { safeSettingsAbi } from '@/core/safe/safeAbi';
import { callSafeTx, safeTxTypedData } from '@/core/safe/safeTx';
import { safeTxFile, safeTxLink } from '@/core/safe/safeTxFile';
import { type FakeSafe, stubSafeNode } from '@/testing/fakeSafeNode';
import { fieldLabelled, typeInto } from '@/testing/fields';
import { alerts, button, click, shows, statuses } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { named, TEST_ADDRESS_0, TEST_ADDRESS_1 } from '@/testing/vaultFixtures';
import { SafeScreen } from './SafeScreen';

const CHAIN_ID = 31337;
const ME = TEST_ADDRESS_0 as Address;
const ALSO_ME = TEST_ADDRESS_1 as Address;
const key = (byte: string): Hex => `0x${byte.repeat(32)}`;
/** Another owner, an owner removed since, and someone who never was one. */
const CAROL = privateKeyToAccount(key('c3'));
const EX_OWNER = privateKeyToAccount(key('e4'));
const STRANGER = privateKeyToAccount(key('a5'));
const SAFE: Address = getAddress('0x5afe00000000000000000000000000000000cafe');
const NOBODY: Address = getAddress('0x000000000000000000000000000000000000dead');
const RECIPIENT: Address = getAddress('0x00000000000000000000000000000000000be11e');
const poll = { timeout: 4_000, interval: 10 };

let safes: FakeSafe[];
let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  safes = [{ address: SAFE, owners: [ME, ALSO_ME, CAROL.address], threshold: 2, nonce: 5n }];
  wallet = await createTestWallet();
  stubSafeNode(() => safes, CHAIN_ID);
});
afterEach(() => {
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

async function addSafeAccount(address = SAFE) {
  await wallet.vault.add(
    undefined,
    named({ address, source: { kind: 'safe', chainId: CHAIN_ID, version: '1.4.1', l2: false }, name: 'Team Safe' }),
  );
}

function showSafe(address = SAFE) {
  unmount = renderInWallet(
    wallet,
    <MemoryRouter initialEntries={[`/accounts/${address}/safe`]}>
      <Routes>
        <Route path="/accounts/:address/safe" element={<SafeScreen />} />
      </Routes>
    </MemoryRouter>,
  ).unmount;
}

/** 1 ETH to RECIPIENT from the Safe at its nonce, and an owner's EIP-712 signature of it. */
const TX = callSafeTx({ to: RECIPIENT, value: parseEther('1'), data: '0x' }, 5n);
const signed = (signer: typeof CAROL) =>
  signer.signTypedData(safeTxTypedData({ chainId: CHAIN_ID, address: SAFE }, TX));

function keptTx(): PendingSafeTx {
  return { ...safeTxFile({ chainId: CHAIN_ID, safe: SAFE, tx: TX, signatures: [] }), status: 'pending', createdAt: 1 };
}

const kept = () => wallet.store.getState().safeTransactions;

describe('a kept Safe transaction', () => {
  it('says a call to the Safe itself changes it, decoding what it changes', async () => {
    await addSafeAccount();
    const data = encodeFunctionData({
      abi: safeSettingsAbi,
      functionName: 'addOwnerWithThreshold',
      args: [STRANGER.address, 1n],
    });
    const tx = callSafeTx({ to: SAFE, value: 0n, data }, 5n);
    wallet.store.getState().keepSafeTx({
      ...safeTxFile({ chainId: CHAIN_ID, safe: SAFE, tx, signatures: [] }),
      status: 'pending',
      createdAt: 1,
    });
    showSafe();
    await expect.poll(() => shows('This call changes the Safe itself'), poll).toBe(true);
    expect(document.body.textContent).toContain(`addOwnerWithThreshold(owner: ${STRANGER.address}, _threshold: 1)`);
  });

  it('says when the Safe’s threshold changed since the transaction was kept', async () => {
    await addSafeAccount();
    wallet.store
      .getState()
      .keepSafeTx({ ...keptTx(), proposedWith: { owners: [ME, ALSO_ME, CAROL.address], threshold: 1 } });
    showSafe();
    await expect.poll(() => shows('it needed 1 confirmation, and now needs 2'), poll).toBe(true);
  });

  it('counts only current owners: an ex-owner’s signature is said not to count; signing adds the person’s', async () => {
    await addSafeAccount();
    wallet.store.getState().keepSafeTx(keptTx(), [
      { signer: CAROL.address, kind: 'eip712', data: await signed(CAROL) },
      { signer: EX_OWNER.address, kind: 'eip712', data: await signed(EX_OWNER) },
    ]);
    showSafe();
    await expect.poll(() => shows('1 of 2 confirmed'), poll).toBe(true);
    expect(shows('One signature kept here no longer counts')).toBe(true);
    expect(document.body.textContent).toContain(EX_OWNER.address);
    expect(shows('Waiting for confirmations')).toBe(true);
    expect(button('Execute')).toBeUndefined();
    expect(button('Confirm on-chain as Account 2')).toBeDefined();
    click('Sign as Account 1');
    await expect.poll(() => shows('2 of 2 confirmed'), poll).toBe(true);
    expect(shows('Confirmed: ready to execute')).toBe(true);
    expect(button('Execute')).toBeDefined();
    expect(button('Sign as Account 1')).toBeUndefined();
    expect(kept()[0]?.file).toContain(ME);
  });

  it('counts an owner’s on-chain approval, read from the Safe', async () => {
    await addSafeAccount();
    const pending = keptTx();
    safes[0] = { ...(safes[0] as FakeSafe), approved: new Set([`${ALSO_ME.toLowerCase()}:${pending.safeTxHash}`]) };
    wallet.store.getState().keepSafeTx(pending, [{ signer: CAROL.address, kind: 'eip712', data: await signed(CAROL) }]);
    showSafe();
    await expect.poll(() => shows('2 of 2 confirmed'), poll).toBe(true);
    expect(shows('confirmed on-chain, yours: Account 2')).toBe(true);
    expect(button('Execute')).toBeDefined();
  });
});

describe('importing from another owner', () => {
  it('refuses a corrupted or foreign import with its sentence, keeping nothing and what was pasted', async () => {
    await addSafeAccount();
    showSafe();
    await expect.poll(() => shows('Import from another owner'), poll).toBe(true);
    const link = safeTxLink(safeTxFile({ chainId: CHAIN_ID, safe: SAFE, tx: TX, signatures: [] }));
    const cut = link.slice(0, -40);
    typeInto('Link or file text', cut);
    click('Import');
    await expect.poll(() => alerts(), poll).toContain('cut off or damaged');
    expect(fieldLabelled('Link or file text').value).toBe(cut);
    const foreign = safeTxLink(safeTxFile({ chainId: CHAIN_ID, safe: NOBODY, tx: TX, signatures: [] }));
    typeInto('Link or file text', foreign);
    click('Import');
    await expect.poll(() => alerts(), poll).toContain('not this one');
    expect(kept()).toEqual([]);
  });

  it('takes the good signatures and refuses each other one, naming why', async () => {
    await addSafeAccount();
    showSafe();
    await expect.poll(() => shows('Import from another owner'), poll).toBe(true);
    const carol = await signed(CAROL);
    const file = safeTxFile({ chainId: CHAIN_ID, safe: SAFE, tx: TX, signatures: [] });
    file.signatures = [
      { signer: CAROL.address, data: carol },
      { signer: STRANGER.address, data: await signed(STRANGER) },
      { signer: CAROL.address, data: carol },
      { signer: ALSO_ME, data: `0x${'11'.repeat(64)}` },
    ];
    typeInto('Link or file text', safeTxLink(file));
    click('Import');
    await expect.poll(() => statuses(), poll).toContain('1 signature added.');
    const said = statuses();
    expect(said).toContain('Kept the Safe transaction of nonce 5.');
    expect(said).toContain('3 signatures refused:');
    // Each refusal names its address once.
    expect(said).toContain(`3 signatures refused:This signature comes from ${STRANGER.address}, which is not an owner`);
    expect(said.split(STRANGER.address)).toHaveLength(2);
    expect(said).toContain(`.${CAROL.address} has already confirmed this transaction`);
    expect(said.split(CAROL.address)).toHaveLength(2);
    expect(said).toContain(`From ${ALSO_ME}: A Safe signature is 65 bytes; this one is not.`);
    await expect.poll(() => shows('1 of 2 confirmed'), poll).toBe(true);
    expect(kept()).toHaveLength(1);
  });
});

describe('a signature made outside Cairn, pasted on the transaction’s card', () => {
  /** The card's field for it, opened. */
  function openPaste() {
    const summary = [...document.querySelectorAll('summary')].find(
      (e) => e.textContent === 'Add a signature made elsewhere',
    );
    if (!summary) throw new Error(`No paste in: ${document.body.textContent}`);
    summary.click();
  }

  it('counts an owner’s signature of the safeTxHash, naming whose; refuses a stranger’s and a second one', async () => {
    await addSafeAccount();
    const pending = keptTx();
    wallet.store.getState().keepSafeTx(pending);
    showSafe();
    await expect.poll(() => shows('0 of 2 confirmed'), poll).toBe(true);
    openPaste();
    // What `cast wallet sign <safeTxHash>` gives: a personal_sign of the hash, v 27 or 28.
    const carol = await CAROL.signMessage({ message: { raw: pending.safeTxHash } });
    typeInto('Signature made elsewhere', carol);
    click('Add the signature');
    await expect.poll(() => statuses(), poll).toContain(`Added the signature of ${CAROL.address}.`);
    await expect.poll(() => shows('1 of 2 confirmed'), poll).toBe(true);
    expect(fieldLabelled('Signature made elsewhere').value).toBe('');
    expect(kept()[0]?.file).toContain(CAROL.address);

    const stranger = await STRANGER.signMessage({ message: { raw: pending.safeTxHash } });
    typeInto('Signature made elsewhere', stranger);
    click('Add the signature');
    await expect.poll(() => alerts(), poll).toContain('which is not an owner of this Safe');
    expect(alerts().split(/0x[0-9a-fA-F]{40}/)).toHaveLength(2);
    expect(fieldLabelled('Signature made elsewhere').value).toBe(stranger);

    typeInto('Signature made elsewhere', carol);
    click('Add the signature');
    await expect.poll(() => alerts(), poll).toContain(`${CAROL.address} has already confirmed this transaction`);
    expect(shows('1 of 2 confirmed')).toBe(true);
  });
});
