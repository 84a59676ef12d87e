import type { Hex } from 'viem';
import { createStore } from 'zustand/vanilla';
import { DeviceError } from '@/core/errors/device';
import { msg } from '@/core/i18n/message';
import type { DeviceSignRequest, SignRequest } from '@/core/signing/keySigner';
import type { DeviceAccountRef, DeviceSigner, WalletSender, WalletTransaction } from '@/core/signing/signerAccount';

/** A signature this window waits for from a device, until the person brings its answer or gives up. */
export type PendingDeviceSignature = {
  id: number;
  account: DeviceAccountRef;
  /**
   * What is signed (for a wallet's send, the transaction without its nonce, to show). An
   * authorization only for a Ledger's account (DeviceSigner).
   */
  request: SignRequest;
  /** A transaction a browser wallet is to sign and send itself; it answers the hash. */
  send?: WalletTransaction;
  /**
   * Set once the send is handed to the wallet: from then on only the wallet's answer ends the
   * wait (it may send whatever Cairn does), so the transaction is recorded even if Cairn locks.
   */
  handedOver?: boolean;
  /** The device's checked answer, as signWithKey would return it (for a send, the hash). */
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
export const signOnDevice: DeviceSigner = (account, request) => awaitDevice(account, request);

/** The window's WalletSender: the dialog hands the transaction to the browser wallet and waits for its hash. */
export const sendThroughWallet: WalletSender = (account, send) => {
  // Shown as what it asks (no fee: the wallet may choose another), without loading fee code here.
  const { fees: _, ...call } = send;
  const request: DeviceSignRequest = { kind: 'transaction', transaction: call };
  return awaitDevice(account, request, send);
};

function awaitDevice(account: DeviceAccountRef, request: SignRequest, send?: WalletTransaction): Promise<Hex> {
  if (deviceSignatureStore.getState().pending) {
    return Promise.reject(new DeviceError('DEVICE_BUSY', msg('core.devices:device.busy')));
  }
  return new Promise<Hex>((resolve, reject) => {
    const id = nextId++;
    deviceSignatureStore.setState({
      pending: {
        id,
        account,
        request,
        ...(send && { send }),
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
}

/**
 * Ends the awaited signature, if any, with `error` (the person cancelled, or Cairn locked); not
 * a send already handed to a wallet, which would then go unrecorded.
 */
export function abandonDeviceSignature(error: Error): void {
  const pending = deviceSignatureStore.getState().pending;
  if (!pending?.handedOver) pending?.reject(error);
}

export function cancelledOnDevice(): DeviceError {
  return new DeviceError('DEVICE_CANCELLED', msg('core.devices:device.cancelled'));
}
