import { type ReactNode, useEffect, useId, useRef } from 'react';
import { zeroAddress } from 'viem';
import { AddressText } from '@/components/AddressText';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import type { SignRequest } from '@/core/signing/keySigner';
import { useT } from '@/lib/i18n';
import { cancelledOnDevice, type PendingDeviceSignature } from '@/lib/vault/deviceSignatures';
import styles from './deviceSigning.module.css';
import { RequestSummary } from './RequestSummary';

/**
 * The modal every device signature is asked in: its title, what is to be signed (the dialog covers
 * Cairn's review), the steps, the account and path, and Cancel (Escape too), which ends the wait
 * with DEVICE_CANCELLED, where it may still end (not a send already handed to a wallet).
 */
export function DeviceDialog({
  title,
  pending,
  path,
  cancellable = true,
  children,
}: {
  title: string;
  pending: PendingDeviceSignature;
  /** The key's derivation path, where Cairn knows it. */
  path?: string | undefined;
  /** Off while only the signer's own answer may end the wait (a send handed to a wallet). */
  cancellable?: boolean;
  children: ReactNode;
}) {
  const t = useT('deviceSigning');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    // Focus goes back where it was (the Confirm or Sign button) when the dialog goes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const cancel = () => {
    if (cancellable) pending.reject(cancelledOnDevice());
  };
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
    >
      <div className={ui.stack}>
        <h2 id={titleId}>{title}</h2>
        <RequestSummary request={pending.request} />
        {children}
        <p className={ui.muted}>
          {path ? (
            <T
              id="deviceSigning:dialog.accountAndPath"
              values={{ path: codeValue(path) }}
              tags={{ 0: <AddressText address={pending.account.address} /> }}
            />
          ) : (
            <T id="deviceSigning:dialog.account" tags={{ 0: <AddressText address={pending.account.address} /> }} />
          )}
        </p>
        {cancellable && (
          <div className={ui.actions}>
            <button type="button" className={ui.secondary} onClick={cancel}>
              {t('deviceSigning:dialog.cancel')}
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}

/** What to compare on the device's screen with Cairn's review (an authorization: a Ledger's screens). */
export function checkOnDevice(request: SignRequest): Message {
  if (request.kind === 'transaction')
    return msg('deviceSigning:check.transaction', { chainId: codeValue(String(request.transaction.chainId)) });
  if (request.kind === 'message') return msg('deviceSigning:check.message');
  if (request.kind === 'authorization') {
    const { address, chainId } = request.authorization;
    const values = { chainId: codeValue(String(chainId)) };
    return sameAddress(address, zeroAddress)
      ? msg('deviceSigning:check.revocation', values)
      : msg('deviceSigning:check.authorization', values);
  }
  return msg('deviceSigning:check.typedData');
}
