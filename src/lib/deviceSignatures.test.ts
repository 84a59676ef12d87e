import { describe, expect, it } from 'vitest';
import { abandonDeviceSignature, cancelledOnDevice, deviceSignatureStore, signOnDevice } from './deviceSignatures';

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
});
