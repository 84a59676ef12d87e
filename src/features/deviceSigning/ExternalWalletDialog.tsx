import { useEffect, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { ExternalWalletSource } from '@/core/accounts/account';
import { cannotAuthorize } from '@/core/accounts/signerKinds';
import { WalletError } from '@/core/errors/wallet';
import { walletName } from '@/core/externalWallet/walletRequests';
import { sendWithWallet, signWithWallet } from '@/core/externalWallet/walletSigner';
import { type Message, msg } from '@/core/i18n/message';
import { findWallet } from '@/lib/browser/externalWallets';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { cancelledOnDevice, deviceSignatureStore, type PendingDeviceSignature } from '@/lib/vault/deviceSignatures';
import { DeviceDialog } from './DeviceDialog';

/** Pendings already asked of their wallet: a dialog shown again (after a lock) must not ask twice. */
const asked = new WeakSet<PendingDeviceSignature>();

/**
 * Asks a browser wallet (found through EIP-6963) to sign, or to sign and send a transaction, as
 * soon as it shows. Until a send is handed over, Cancel ends it as for a device; once handed over,
 * the wallet's answer ends it (the wallet may send, and what it sends must be recorded), or the
 * person stops waiting, told that a late send would go unrecorded. Leaving the page meanwhile asks
 * for confirmation.
 */
export function ExternalWalletDialog({
  pending,
  source,
}: {
  pending: PendingDeviceSignature;
  source: ExternalWalletSource;
}) {
  const t = useT('deviceSigning');
  const [busy, setBusy] = useState(false);
  const [handedOver, setHandedOver] = useState(pending.handedOver === true);
  const [error, setError] = useState<Message | string>();
  const name = walletName({ name: source.walletName });
  const { send } = pending;
  const current = () => deviceSignatureStore.getState().pending === pending;

  const handOver = () => {
    // Cancelled or locked while the wallet was being found or moved to the network: nothing goes.
    if (!current()) throw cancelledOnDevice();
    pending.handedOver = true;
    setHandedOver(true);
  };
  const ask = async () => {
    if (asked.has(pending)) return;
    asked.add(pending);
    const { request } = pending;
    // Refused before this dialog by the vault client already; a browser wallet signs no authorization.
    if (request.kind === 'authorization') return pending.reject(cannotAuthorize(source));
    setBusy(true);
    setError(undefined);
    try {
      const wallet = await findWallet(source.rdns, source.walletName);
      const { address } = pending.account;
      pending.resolve(
        send ? await sendWithWallet(wallet, address, send, handOver) : await signWithWallet(wallet, address, request),
      );
    } catch (e) {
      // A send that failed ends here, in the flow that asked (it may be hidden by a lock now); a
      // signature can be asked again.
      if (send || !current()) return pending.reject(e instanceof Error ? e : new Error(String(e)));
      asked.delete(pending);
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the dialog first shows
  useEffect(() => {
    if (asked.has(pending)) setBusy(true);
    else void ask();
  }, []);
  useEffect(() => {
    if (!handedOver) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [handedOver]);
  const stopWaiting = () =>
    pending.reject(
      // Shown by the flow that asked, after this dialog is gone: in core's catalog, loaded long
      // before a device can be asked anything.
      new WalletError('WALLET_STOPPED_WAITING', msg('core.devices:wallet.stoppedWaiting', { name })),
    );

  return (
    <DeviceDialog
      title={send ? t('deviceSigning:wallet.sendTitle', { name }) : t('deviceSigning:wallet.signTitle', { name })}
      pending={pending}
      cancellable={!handedOver}
    >
      <p>
        <T
          id={
            send
              ? 'deviceSigning:wallet.checkSend'
              : pending.request.kind === 'message'
                ? 'deviceSigning:wallet.checkMessage'
                : 'deviceSigning:wallet.checkTypedData'
          }
          values={{ name }}
        />
      </p>
      <p role="status" className={ui.flush}>
        {busy ? t('deviceSigning:wallet.waiting', { name }) : ''}
      </p>
      <ErrorAlert message={error} />
      <div className={ui.actions}>
        {!busy && (
          <button type="button" onClick={() => void ask()}>
            {t('deviceSigning:wallet.askAgain', { name })}
          </button>
        )}
        {handedOver && (
          <button type="button" className={ui.secondary} onClick={stopWaiting}>
            {t('deviceSigning:wallet.stopWaiting')}
          </button>
        )}
      </div>
    </DeviceDialog>
  );
}
