import { useMemo, useState } from 'react';
import { T } from '@/components/T';
import { UrScanner } from '@/components/UrScanner';
import ui from '@/components/ui.module.css';
import { msg, untrustedValue } from '@/core/i18n/message';
import { type DeviceAccounts, deviceAddresses, readDeviceAccounts } from '@/core/qrDevice/deviceKeys';
import type { Ur } from '@/core/ur/ur';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { QueryScope } from '@/lib/queries/queryClient';
import { type AddressChoice, AddressChoices, continueWith, toggled } from './AddressChoices';
import { FinishStep } from './FinishStep';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

const PAGE = 5;
/** Device names are kept to this many characters (they come from the device, and show in sentences). */
const DEVICE_NAME_LENGTH = 40;

/**
 * Adds accounts whose keys stay on an air-gapped device that signs through QR codes (ERC-4527:
 * Keystone, AirGap Vault, imToken and others): scan the device's account code, choose addresses,
 * add them. Cairn keeps only public keys; each signature is asked of the device.
 */
export function ImportQrDeviceFlow({ mode, onDone, onCancel }: FlowProps) {
  const t = useT('onboarding');
  const [device, setDevice] = useState<DeviceAccounts>();
  const [chosen, setChosen] = useState<AddressChoice[]>();

  if (!device) {
    const read = (ur: Ur) => {
      try {
        setDevice(readDeviceAccounts(ur));
        return undefined;
      } catch (error) {
        return errorMessage(error);
      }
    };
    return (
      <StepForm
        title={t('onboarding:qrDevice.title')}
        description={t('onboarding:qrDevice.description')}
        onContinue={() => undefined}
        continueDisabled
        continueLabel={t('onboarding:qrDevice.continue')}
        onBack={onCancel}
      >
        <UrScanner what={msg('onboarding:qrDevice.scanWhat')} onUr={read} />
      </StepForm>
    );
  }

  // Kept whole characters only (a cut surrogate pair would be a hidden character of its own). A
  // device without a name is given one, as an account is: in the language of the day it is added.
  const deviceName =
    Array.from((device.name ?? '').trim())
      .slice(0, DEVICE_NAME_LENGTH)
      .join('') || t('onboarding:qrDevice.unnamed');
  if (!chosen) {
    return (
      <QueryScope>
        <DevicePicker
          device={device}
          deviceName={deviceName}
          onBack={() => setDevice(undefined)}
          onConfirm={setChosen}
        />
      </QueryScope>
    );
  }

  return (
    <FinishStep
      mode={mode}
      onDone={onDone}
      summary={
        <T
          id="onboarding:qrDevice.summary"
          values={{ count: chosen.length, device: untrustedValue(deviceName, 'name') }}
        />
      }
      prepare={async () => ({
        secret: undefined,
        accounts: chosen.map((a) => ({
          address: a.address,
          source: { kind: 'qrDevice' as const, deviceName, masterFingerprint: device.masterFingerprint, path: a.path },
        })),
      })}
    />
  );
}

function DevicePicker({
  device,
  deviceName,
  onBack,
  onConfirm,
}: {
  device: DeviceAccounts;
  deviceName: string;
  onBack(): void;
  onConfirm(chosen: AddressChoice[]): void;
}) {
  const t = useT('onboarding');
  const available = device.kind === 'accountKeys' ? device.keys.length : Number.POSITIVE_INFINITY;
  const [count, setCount] = useState(Math.min(PAGE, available));
  const [selected, setSelected] = useState<Set<number>>(new Set([0]));
  const [attempted, setAttempted] = useState(false);
  const addresses = useMemo(() => deviceAddresses(device, 0, count), [device, count]);
  const submit = () => {
    setAttempted(true);
    if (selected.size > 0) onConfirm(addresses.filter((a) => selected.has(a.index)));
  };
  return (
    <StepForm
      title={t('onboarding:choose.title')}
      description={<T id="onboarding:qrDevice.accountsOf" values={{ device: untrustedValue(deviceName, 'name') }} />}
      error={attempted && selected.size === 0 ? t('onboarding:choose.noneChosen') : undefined}
      onContinue={submit}
      continueLabel={continueWith(selected.size)}
      onBack={onBack}
      backLabel={t('onboarding:qrDevice.scanAnother')}
    >
      <AddressChoices addresses={addresses} selected={selected} onToggle={(i) => setSelected(toggled(selected, i))} />
      {count < available && (
        <div className={ui.actions}>
          <button type="button" className={ui.secondary} onClick={() => setCount((c) => Math.min(c + PAGE, available))}>
            {t('onboarding:choose.showMoreOpen')}
          </button>
        </div>
      )}
    </StepForm>
  );
}
