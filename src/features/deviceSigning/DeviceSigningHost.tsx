import { Component, lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { DeviceError } from '@/core/errors/device';
import { msg } from '@/core/i18n/message';
import { deviceSignatureStore, type PendingDeviceSignature } from '@/lib/vault/deviceSignatures';
import { useVault } from '@/lib/vault/vault';

// The code that speaks to devices loads only when a device is asked to sign.
const QrSigningDialog = lazy(() => import('./QrSigningDialog').then((m) => ({ default: m.QrSigningDialog })));
const LedgerSigningDialog = lazy(() =>
  import('./LedgerSigningDialog').then((m) => ({ default: m.LedgerSigningDialog })),
);
const ExternalWalletDialog = lazy(() =>
  import('./ExternalWalletDialog').then((m) => ({ default: m.ExternalWalletDialog })),
);

/**
 * Mounted once per window: shows the device signing dialog while this window waits for a device
 * signature. (A lock ends the wait where the window connects to the vault, whatever is mounted; a send
 * already handed to a wallet waits on, hidden, for the wallet's answer.)
 */
export function DeviceSigningHost() {
  const pending = useSyncExternalStore(deviceSignatureStore.subscribe, () => deviceSignatureStore.getState().pending);
  const status = useVault((s) => s.status);
  if (!pending || status !== 'unlocked') return null;
  const { source } = pending.account;
  return (
    <DialogFailure key={pending.id} pending={pending}>
      <Suspense fallback={null}>
        {source.kind === 'qrDevice' ? (
          <QrSigningDialog pending={pending} source={source} />
        ) : source.kind === 'ledger' ? (
          <LedgerSigningDialog pending={pending} source={source} />
        ) : (
          <ExternalWalletDialog pending={pending} source={source} />
        )}
      </Suspense>
    </DialogFailure>
  );
}

/** A dialog that cannot load or show (its code unreachable offline) ends the wait in words, not silence. */
class DialogFailure extends Component<{ pending: PendingDeviceSignature; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(cause: unknown) {
    this.props.pending.reject(
      // Shown by the flow that asked, after this dialog is gone: in core's catalog, loaded long
      // before a device can be asked anything.
      new DeviceError('DEVICE_ANSWER', msg('core.devices:device.dialogFailed'), { cause }),
    );
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
