import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { VaultLockedError } from '@/core/errors/vault';
import { abandonDeviceSignature, deviceSignatureStore } from '@/lib/deviceSignatures';
import { useVault } from '@/lib/vault';

// The code that speaks to devices loads only when a device is asked to sign.
const QrSigningDialog = lazy(() => import('./QrSigningDialog').then((m) => ({ default: m.QrSigningDialog })));
const LedgerSigningDialog = lazy(() =>
  import('./LedgerSigningDialog').then((m) => ({ default: m.LedgerSigningDialog })),
);

/**
 * Mounted once per window: shows the device signing dialog while this window waits for a device
 * signature, and ends that wait when Cairn locks.
 */
export function DeviceSigningHost() {
  const pending = useSyncExternalStore(deviceSignatureStore.subscribe, () => deviceSignatureStore.getState().pending);
  const status = useVault((s) => s.status);
  useEffect(() => {
    if (status !== 'unlocked') abandonDeviceSignature(new VaultLockedError());
  }, [status]);
  if (!pending || status !== 'unlocked') return null;
  const { source } = pending.account;
  return (
    <Suspense fallback={null}>
      {source.kind === 'qrDevice' ? (
        <QrSigningDialog key={pending.id} pending={pending} source={source} />
      ) : (
        <LedgerSigningDialog key={pending.id} pending={pending} source={source} />
      )}
    </Suspense>
  );
}
