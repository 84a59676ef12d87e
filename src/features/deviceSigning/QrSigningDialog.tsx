import { useEffect, useMemo, useState } from 'react';
import { AnimatedUrCode } from '@/components/AnimatedUrCode';
import { T } from '@/components/T';
import { UrScanner } from '@/components/UrScanner';
import type { QrDeviceSource } from '@/core/accounts/account';
import { cannotAuthorize } from '@/core/accounts/signerKinds';
import { msg, untrustedValue } from '@/core/i18n/message';
import { acceptDeviceSignature, type DeviceAccount, deviceSignRequest } from '@/core/qrDevice/deviceSigning';
import { type EthSignRequest, encodeEthSignRequest, readEthSignature } from '@/core/qrDevice/ethRequests';
import type { DeviceSignRequest } from '@/core/signing/keySigner';
import type { Ur } from '@/core/ur/ur';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import type { PendingDeviceSignature } from '@/lib/vault/deviceSignatures';
import { checkOnDevice, DeviceDialog } from './DeviceDialog';
import styles from './deviceSigning.module.css';

type Asked =
  | { device: DeviceAccount; signed: DeviceSignRequest; request: EthSignRequest; failure?: undefined }
  | { failure: Error };

/**
 * Asks a QR signing device (ERC-4527) to sign: shows the eth-sign-request, then reads the
 * device's eth-signature and hands it on only if it recovers to the account for exactly what
 * was asked. A wrong answer is refused here with the reason, and another can be scanned.
 */
export function QrSigningDialog({ pending, source }: { pending: PendingDeviceSignature; source: QrDeviceSource }) {
  // One request (and request id) for the life of this dialog, which is keyed by the pending signature.
  const [asked] = useState((): Asked => {
    try {
      const { address } = pending.account;
      const signed = pending.request;
      // Refused before this dialog by the vault client already: ERC-4527 has no request for one.
      if (signed.kind === 'authorization') throw cannotAuthorize(source);
      const device: DeviceAccount = { address, path: source.path, masterFingerprint: source.masterFingerprint };
      return {
        device,
        signed,
        request: deviceSignRequest(signed, device, crypto.getRandomValues(new Uint8Array(16))),
      };
    } catch (error) {
      return { failure: error instanceof Error ? error : new Error(String(error)) };
    }
  });
  useEffect(() => {
    if (asked.failure) pending.reject(asked.failure);
  }, [asked, pending]);
  if (asked.failure) return null;
  return (
    <QrExchange pending={pending} source={source} device={asked.device} signed={asked.signed} asked={asked.request} />
  );
}

function QrExchange({
  pending,
  source,
  device,
  signed,
  asked,
}: {
  pending: PendingDeviceSignature;
  source: QrDeviceSource;
  device: DeviceAccount;
  signed: DeviceSignRequest;
  asked: EthSignRequest;
}) {
  const t = useT('deviceSigning');
  const ur = useMemo(() => encodeEthSignRequest(asked), [asked]);
  const name = untrustedValue(source.deviceName, 'name');
  const answer = async (scanned: Ur) => {
    try {
      pending.resolve(await acceptDeviceSignature(signed, device, asked, readEthSignature(scanned)));
      return undefined;
    } catch (error) {
      return errorMessage(error);
    }
  };
  return (
    <DeviceDialog title={t('deviceSigning:qr.title', { name })} pending={pending} path={source.path}>
      <ol className={styles.steps}>
        <li>
          <T id="deviceSigning:qr.scan" values={{ name }} />
        </li>
        <li>
          <T message={checkOnDevice(pending.request)} />
        </li>
        <li>{t('deviceSigning:qr.sign')}</li>
      </ol>
      <AnimatedUrCode ur={ur} label={t('deviceSigning:qr.codeLabel', { name })} />
      <h3>{t('deviceSigning:qr.answer')}</h3>
      <UrScanner what={msg('deviceSigning:qr.scanWhat')} onUr={answer} />
    </DeviceDialog>
  );
}
