import { useEffect, useMemo, useRef, useState } from 'react';
import { AddressText } from '@/components/AddressText';
import { AnimatedUrCode } from '@/components/AnimatedUrCode';
import { UrScanner } from '@/components/UrScanner';
import ui from '@/components/ui.module.css';
import { acceptDeviceSignature, type DeviceAccount, deviceSignRequest } from '@/core/qrDevice/deviceSigning';
import { type EthSignRequest, encodeEthSignRequest, readEthSignature } from '@/core/qrDevice/ethRequests';
import type { SignRequest } from '@/core/signing/keySigner';
import { untrustedLabel } from '@/core/text/untrustedText';
import { cancelledOnDevice, type PendingDeviceSignature } from '@/lib/deviceSignatures';
import { errorText } from '@/lib/errorMessages';
import styles from './deviceSigning.module.css';

/**
 * Asks a QR signing device (ERC-4527) to sign: shows the eth-sign-request, then reads the
 * device's eth-signature and hands it on only if it recovers to the account for exactly what
 * was asked. A wrong answer is refused here with the reason, and another can be scanned.
 */
export function QrSigningDialog({ pending }: { pending: PendingDeviceSignature }) {
  // One request (and request id) for the life of this dialog, which is keyed by the pending signature.
  const [asked] = useState(() => {
    try {
      const device: DeviceAccount = {
        address: pending.account.address,
        path: pending.account.source.path,
        masterFingerprint: pending.account.source.masterFingerprint,
      };
      return {
        device,
        request: deviceSignRequest(pending.request, device, crypto.getRandomValues(new Uint8Array(16))),
      };
    } catch (error) {
      return {
        failure: error instanceof Error ? error : new Error(String(error)),
        device: undefined,
        request: undefined,
      };
    }
  });
  useEffect(() => {
    if (asked.failure) pending.reject(asked.failure);
  }, [asked, pending]);
  if (asked.failure) return null;
  return <SigningDialog pending={pending} device={asked.device} asked={asked.request} />;
}

function SigningDialog({
  pending,
  device,
  asked,
}: {
  pending: PendingDeviceSignature;
  device: DeviceAccount;
  asked: EthSignRequest;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { account, request } = pending;
  const ur = useMemo(() => encodeEthSignRequest(asked), [asked]);
  const deviceName = untrustedLabel(account.source.deviceName, 'name');

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const answer = async (scanned: { type: string; cbor: Uint8Array }) => {
    try {
      pending.resolve(await acceptDeviceSignature(request, device, asked, readEthSignature(scanned)));
      return undefined;
    } catch (error) {
      return errorText(error);
    }
  };
  const cancel = () => pending.reject(cancelledOnDevice());

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="device-signing-title"
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
    >
      <div className={ui.stack}>
        <h2 id="device-signing-title">Sign on {deviceName}</h2>
        <ol className={styles.steps}>
          <li>Scan this code with {deviceName}.</li>
          <li>{checkOnDevice(request)}</li>
          <li>Sign on the device, then show Cairn the code it displays.</li>
        </ol>
        <AnimatedUrCode ur={ur} label={`Signing request for ${deviceName}`} />
        <p className={ui.muted}>
          Account <AddressText address={account.address} />, path <bdi dir="ltr">{account.source.path}</bdi>
        </p>
        <h3>The device’s answer</h3>
        <UrScanner what="the signature code your device shows" onUr={answer} />
        <div className={ui.actions}>
          <button type="button" className={ui.secondary} onClick={cancel}>
            Cancel signing
          </button>
        </div>
      </div>
    </dialog>
  );
}

function checkOnDevice(request: SignRequest): string {
  if (request.kind === 'transaction')
    return `Check that the device shows the same recipient, amount and network (chain id ${request.transaction.chainId}) as Cairn’s review.`;
  if (request.kind === 'message') return 'Check that the device shows the same message as Cairn’s review.';
  return 'Check that the device shows the same site, contract and values as Cairn’s review.';
}
