// A passkey's registration noted in the vault and the page left before it was mined: on the next
// visit (any screen), once its transaction is mined and the chain lists the passkey, the vault
// lists it too, so it can sign (a sped-up one too); a registration whose transaction failed
// without registering it is forgotten; one still waiting, or with no record here, is kept.
// (e2e/passkeyAccount.e2e.ts reloads the page for real.)
import { type Address, encodeAbiParameters, getAddress, type Hex } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PasskeyAccountSource, PasskeyCredential } from '@/core/accounts/account';
import { designatorCode } from '@/core/chain/delegationDesignator';
import { PASSKEY_DELEGATE_ADDRESS } from '@/core/smartAccount/passkey/passkeyDelegate.generated';
import { passkeySigner } from '@/core/smartAccount/passkey/passkeySigners';
import type { TxRecord } from '@/core/tx/record';
import { fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { PasskeyRegistrations } from './PasskeyRegistrations';

const ACCOUNT = getAddress('0x00000000000000000000000000000000000a11ce');
const PAYER = getAddress('0x00000000000000000000000000000000000b0b00');
const poll = { timeout: 4_000, interval: 10 };
const key = (byte: string) => ({ x: `0x${byte.repeat(32)}` as Hex, y: `0x${'22'.repeat(32)}` as Hex });
const first: PasskeyCredential = { id: 'AQID', publicKey: key('11'), name: 'Phone' };
const second: PasskeyCredential = { id: 'BAUG', publicKey: key('33'), name: 'Security key' };

let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  wallet = await createTestWallet();
});
afterEach(() => {
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

/** A node whose account lists these passkeys (getSigners). */
function chainListing(passkeys: readonly PasskeyCredential[]) {
  const signers = passkeys.map((p) => passkeySigner(p.publicKey));
  const node = fakeSimulationNode(
    (method) => {
      if (method === 'eth_call') return encodeAbiParameters([{ type: 'bytes[]' }], [signers]);
      // The account delegated to the passkey delegate.
      if (method === 'eth_getCode') return designatorCode(PASSKEY_DELEGATE_ADDRESS);
      return '0x';
    },
    { chainId: 31337 },
  );
  vi.stubGlobal('fetch', node.fetch);
}

/** The registration's record from the paying account, for the passkey account, in `status`. */
async function storeRecord(status: TxRecord['status']) {
  const network = wallet.store.getState().networks.find((n) => n.id === 'local');
  if (!network) throw new Error('no local network');
  await wallet.storage.transactions.put({
    id: 'tx-add',
    kind: 'pay-gas',
    networkId: network.id,
    chainId: network.chainId,
    from: PAYER,
    nonce: 0,
    to: ACCOUNT,
    value: 0n,
    data: '0x',
    gas: 200_000n,
    fees: { kind: 'eip1559', maxFeePerGas: 2n, maxPriorityFeePerGas: 1n },
    hash: `0x${'ab'.repeat(32)}`,
    raw: '0x02f8',
    intent: undefined,
    batch: { calls: 1, account: ACCOUNT },
    status,
    createdAt: 1,
    updatedAt: 1,
    revision: 0,
    replaces: undefined,
    replacedBy: undefined,
    blockNumber: status === 'pending' ? undefined : 7n,
    confirmations: 0,
    failureReason: undefined,
    broadcastError: undefined,
    lastBroadcastAt: undefined,
  });
}

/** Adds the passkey account with `second` waiting, and shows the app's settler. */
async function leftWhileRegistering() {
  const source: PasskeyAccountSource = {
    kind: 'passkeyAccount',
    chainId: 31337,
    credentials: [first],
    registering: [{ credential: second, recordId: 'tx-add' }],
  };
  await wallet.vault.add(undefined, [{ address: ACCOUNT, name: 'Savings by passkey', source }]);
  unmount = renderInWallet(wallet, <PasskeyRegistrations />).unmount;
}

const passkeySource = () =>
  wallet.vault.store.getState().accounts.find((a) => (a.address as Address) === ACCOUNT)?.source;

describe('a passkey registration left waiting', () => {
  it('is listed once its transaction is mined and the chain lists the passkey', async () => {
    chainListing([first, second]);
    await storeRecord('confirmed');
    await leftWhileRegistering();
    await expect
      .poll(passkeySource, poll)
      .toEqual({ kind: 'passkeyAccount', chainId: 31337, credentials: [first, second] });
  });

  it('is forgotten once its transaction failed without registering it', async () => {
    chainListing([first]);
    await storeRecord('failed');
    await leftWhileRegistering();
    await expect.poll(passkeySource, poll).toEqual({ kind: 'passkeyAccount', chainId: 31337, credentials: [first] });
  });

  it('is listed when its transaction was sped up: the original reads replaced, the chain lists the passkey', async () => {
    chainListing([first, second]);
    await storeRecord('replaced');
    await leftWhileRegistering();
    await expect
      .poll(passkeySource, poll)
      .toEqual({ kind: 'passkeyAccount', chainId: 31337, credentials: [first, second] });
  });

  it('is kept where this browser holds no record of it and the chain does not list it yet', async () => {
    chainListing([first]);
    await leftWhileRegistering();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(passkeySource()).toMatchObject({ registering: [{ credential: second, recordId: 'tx-add' }] });
  });

  it('is kept while its transaction waits', async () => {
    chainListing([first]);
    await storeRecord('pending');
    await leftWhileRegistering();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(passkeySource()).toMatchObject({ registering: [{ credential: second, recordId: 'tx-add' }] });
  });
});
