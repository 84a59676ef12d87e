// An EIP-7702 authorization in the device signing dialogs: a Ledger's dialog says what the Ledger
// will show and what it will not (the delegate's address, the nonce); a QR device's refuses it at
// once (ERC-4527 has no request for one), should one ever get past the vault client.
import { act } from 'react';
import { zeroAddress } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceSource } from '@/core/accounts/account';
import { LOCAL_CHAIN_ID } from '@/core/chain/localChain';
import type { SignRequest } from '@/core/signing/keySigner';
import { DELEGATION_CONTRACTS } from '@/core/smartAccount/delegates';
import type { PendingDeviceSignature } from '@/lib/vault/deviceSignatures';
import { shows } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { LedgerSigningDialog } from './LedgerSigningDialog';
import { QrSigningDialog } from './QrSigningDialog';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const path = "m/44'/60'/0'/0/0";
const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const upgrade = {
  kind: 'authorization',
  authorization: { chainId: LOCAL_CHAIN_ID, address: DELEGATION_CONTRACTS.delegator, nonce: 8 },
} as const satisfies SignRequest;

let wallet: TestWallet;
const unmounts: (() => void)[] = [];
beforeEach(async () => {
  wallet = await createTestWallet();
  // happy-dom's dialogs have no modal state to open.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});
afterEach(() => {
  for (const unmount of unmounts.splice(0)) act(unmount);
  wallet.close();
});

function pendingFor(source: DeviceSource, request: SignRequest) {
  const ended: { rejected?: Error } = {};
  const pending: PendingDeviceSignature = {
    id: 1,
    account: { id: 'a1', address, source },
    request,
    resolve() {},
    reject(error) {
      ended.rejected = error;
    },
  };
  return { pending, ended };
}

describe('an EIP-7702 authorization in the device signing dialogs', () => {
  it('tells what to check on the Ledger: the account, its name for the delegate, the network; and the nonce is Cairn’s to show', async () => {
    const source = { kind: 'ledger', path } as const;
    const { pending } = pendingFor(source, upgrade);
    await act(async () => {
      unmounts.push(renderInWallet(wallet, <LedgerSigningDialog pending={pending} source={source} />).unmount);
    });
    expect(shows('EIP-7702 upgrade')).toBe(true);
    expect(shows('Delegate this account to')).toBe(true);
    expect(shows('Nonce8')).toBe(true);
    expect(shows('“Delegate to” with Ledger’s own name for the delegate above')).toBe(true);
    expect(shows(`chain id ${LOCAL_CHAIN_ID}`)).toBe(true);
    expect(shows('It does not show the nonce.')).toBe(true);
  });

  it('says “Revoke on network” for undoing an upgrade', async () => {
    const source = { kind: 'ledger', path } as const;
    const undo = { kind: 'authorization', authorization: { ...upgrade.authorization, address: zeroAddress } } as const;
    const { pending } = pendingFor(source, undo);
    await act(async () => {
      unmounts.push(renderInWallet(wallet, <LedgerSigningDialog pending={pending} source={source} />).unmount);
    });
    expect(shows('Undo this account’s upgrade')).toBe(true);
    expect(shows('“Revoke on network”')).toBe(true);
  });

  it('has a QR device’s dialog refuse it without showing a code', async () => {
    const source = { kind: 'qrDevice', deviceName: 'Keystone', masterFingerprint: 1, path } as const;
    const { pending, ended } = pendingFor(source, upgrade);
    await act(async () => {
      unmounts.push(renderInWallet(wallet, <QrSigningDialog pending={pending} source={source} />).unmount);
    });
    expect(ended.rejected).toMatchObject({ code: 'SMART_SIGNER_CANNOT' });
    expect(document.querySelector('canvas, svg')).toBeNull();
  });
});
