import type { Hex } from 'viem';
import { createStore } from 'zustand/vanilla';
import { DeviceError } from '@/core/errors/device';
import type { SignRequest } from '@/core/signing/keySigner';
import type { DeviceAccountRef, DeviceSigner } from '@/core/signing/signerAccount';

/** A signature this window waits for from a device, until the person brings its answer or gives up. */
export type PendingDeviceSignature = {
  id: number;
  account: DeviceAccountRef;
  request: SignRequest;
  /** The device's checked answer, as signWithKey would return it. */
  resolve(signed: Hex): void;
  reject(error: Error): void;
};

type State = { pending: PendingDeviceSignature | undefined };

let nextId = 1;

/**
 * The one device signature this window waits for, shown by the device signing dialog (mounted
 * once per window). Light on purpose: the code that speaks to devices loads with the dialog.
 */
export const deviceSignatureStore = createStore<State>()(() => ({ pending: undefined }));

function settle(id: number): void {
  if (deviceSignatureStore.getState().pending?.id === id) deviceSignatureStore.setState({ pending: undefined });
}

/**
 * The window's DeviceSigner: hands the request to the dialog and waits. One at a time: while a
 * device signature is awaited, another request is refused with DEVICE_BUSY.
 */
export const signOnDevice: DeviceSigner = (account, request) => {
  if (deviceSignatureStore.getState().pending) {
    return Promise.reject(
      new DeviceError(
        'DEVICE_BUSY',
        'Cairn is already waiting for your device to sign something else. Finish or cancel that first.',
      ),
    );
  }
  return new Promise<Hex>((resolve, reject) => {
    const id = nextId++;
    deviceSignatureStore.setState({
      pending: {
        id,
        account,
        request,
        resolve(signed) {
          settle(id);
          resolve(signed);
        },
        reject(error) {
          settle(id);
          reject(error);
        },
      },
    });
  });
};

/** Ends the awaited signature, if any, with `error` (the person cancelled, or Cairn locked). */
export function abandonDeviceSignature(error: Error): void {
  deviceSignatureStore.getState().pending?.reject(error);
}

export function cancelledOnDevice(): DeviceError {
  return new DeviceError(
    'DEVICE_CANCELLED',
    'You cancelled the device’s signature: Cairn will not use one for this request, and nothing was sent.',
  );
}
