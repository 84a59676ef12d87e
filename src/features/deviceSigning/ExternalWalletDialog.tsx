import { useEffect, useState } from 'react';
import ui from '@/components/ui.module.css';
import type { ExternalWalletSource } from '@/core/accounts/account';
import { walletLabel } from '@/core/externalWallet/walletRequests';
import { sendWithWallet, signWithWallet } from '@/core/externalWallet/walletSigner';
import type { PendingDeviceSignature } from '@/lib/deviceSignatures';
import { errorText } from '@/lib/errorMessages';
import { findWallet } from '@/lib/externalWallets';
import { DeviceDialog } from './DeviceDialog';

/** Pendings already handed to their wallet: a dialog shown again (after a lock) must not ask twice. */
const asked = new WeakSet<PendingDeviceSignature>();

/**
 * Asks a browser wallet (found through EIP-6963) to sign, or to sign and send a transaction, as
 * soon as it shows. A send can only end with the wallet's answer (no Cancel): the wallet may send
 * whatever Cairn does, and what it sends must be recorded; declining it in the wallet ends it.
 */
export function ExternalWalletDialog({
  pending,
  source,
}: {
  pending: PendingDeviceSignature;
  source: ExternalWalletSource;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const name = walletLabel({ name: source.walletName });
  const { send } = pending;

  const ask = async () => {
    if (asked.has(pending)) return;
    asked.add(pending);
    setBusy(true);
    setError(undefined);
    try {
      const wallet = await findWallet(source.rdns, source.walletName);
      const { address } = pending.account;
      if (send) pending.handedOver = true;
      pending.resolve(
        send ? await sendWithWallet(wallet, address, send) : await signWithWallet(wallet, address, pending.request),
      );
    } catch (e) {
      // A send the wallet refused ends here, in the flow that asked (it may be hidden by a lock now);
      // a signature can be asked again.
      if (send) return pending.reject(e instanceof Error ? e : new Error(String(e)));
      asked.delete(pending);
      setError(errorText(e));
      setBusy(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the dialog first shows
  useEffect(() => {
    if (asked.has(pending)) setBusy(true);
    else void ask();
  }, []);

  return (
    <DeviceDialog title={send ? `Send with ${name}` : `Sign with ${name}`} pending={pending} cancellable={!send}>
      <p>
        {send
          ? `${name} signs this transaction and sends it itself, choosing its nonce. Check in ${name} that it shows the same recipient, amount and network as above; its fee may differ.`
          : `Check in ${name} that it shows the same ${pending.request.kind === 'message' ? 'message' : 'contract and values'} as above.`}
      </p>
      <p role="status" className={ui.flush}>
        {busy ? `Waiting for your answer in ${name}…` : ''}
      </p>
      {error && (
        <p role="alert" className={ui.noticeDanger}>
          {error}
        </p>
      )}
      {!busy && (
        <div className={ui.actions}>
          <button type="button" onClick={() => void ask()}>
            Ask {name} again
          </button>
        </div>
      )}
    </DeviceDialog>
  );
}
