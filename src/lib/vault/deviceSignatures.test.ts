import { describe, expect, it } from 'vitest';
import {
  abandonDeviceSignature,
  cancelledOnDevice,
  deviceSignatureStore,
  sendThroughWallet,
  signOnDevice,
} from './deviceSignatures';

const account = {
  id: 'd1',
  address: '0x0000000000000000000000000000000000000001',
  source: { kind: 'qrDevice', deviceName: 'Keystone', masterFingerprint: 1, path: "m/44'/60'/0'/0/0" },
} as const;
const request = { kind: 'message', message: 'hi' } as const;

describe('device signatures awaited by a window', () => {
  it('waits for one at a time, hands on the answer, and is free again after', async () => {
    const first = signOnDevice(account, request);
    const pending = deviceSignatureStore.getState().pending;
    expect(pending).toMatchObject({ account, request });
    await expect(signOnDevice(account, request)).rejects.toMatchObject({ code: 'DEVICE_BUSY' });
    pending?.resolve('0x1234');
    expect(await first).toBe('0x1234');
    expect(deviceSignatureStore.getState().pending).toBeUndefined();
  });

  it('ends the wait with the reason when the person cancels or Cairn locks', async () => {
    const waiting = signOnDevice(account, request);
    abandonDeviceSignature(cancelledOnDevice());
    await expect(waiting).rejects.toMatchObject({ code: 'DEVICE_CANCELLED' });
    expect(deviceSignatureStore.getState().pending).toBeUndefined();
    // A late answer to a signature no longer awaited leaves the one awaited now waiting.
    const first = signOnDevice(account, request);
    const stale = deviceSignatureStore.getState().pending;
    abandonDeviceSignature(new Error('locked'));
    await expect(first).rejects.toThrow('locked');
    const next = signOnDevice(account, request);
    const current = deviceSignatureStore.getState().pending;
    stale?.resolve('0x99');
    stale?.reject(new Error('late'));
    expect(deviceSignatureStore.getState().pending).toBe(current);
    current?.resolve('0x42');
    expect(await next).toBe('0x42');
  });

  it('hands a browser wallet’s send to the dialog, and once handed over, only the wallet’s answer ends it', async () => {
    const wallet = {
      id: 'w1',
      address: account.address,
      source: { kind: 'external', walletName: 'W', rdns: 'a.b' },
    } as const;
    const send = {
      chainId: 1,
      to: account.address,
      value: 2n,
      data: '0x' as const,
      gas: 21_000n,
      fees: { kind: 'legacy' as const, gasPrice: 3n },
    };
    const sent = sendThroughWallet(wallet, send);
    const pending = deviceSignatureStore.getState().pending;
    // Shown as the transaction it is, without a nonce (the wallet chooses it).
    expect(pending).toMatchObject({
      send,
      request: {
        kind: 'transaction',
        transaction: { chainId: 1, to: account.address, value: 2n, gas: 21_000n },
      },
    });
    expect(pending?.request.kind === 'transaction' && 'nonce' in pending.request.transaction).toBe(false);
    if (pending) pending.handedOver = true;
    // A lock now must not drop what the wallet may still send.
    abandonDeviceSignature(new Error('locked'));
    expect(deviceSignatureStore.getState().pending).toBe(pending);
    pending?.resolve(`0x${'cd'.repeat(32)}`);
    expect(await sent).toBe(`0x${'cd'.repeat(32)}`);
    // Not yet handed over, a lock ends it as any other.
    const early = sendThroughWallet(wallet, send);
    abandonDeviceSignature(new Error('locked'));
    await expect(early).rejects.toThrow('locked');
  });
});
