import { useMemo, useState } from 'react';
import { UrScanner } from '@/components/UrScanner';
import ui from '@/components/ui.module.css';
import { type DeviceAccounts, deviceAddresses, readDeviceAccounts } from '@/core/qrDevice/deviceKeys';
import { untrustedLabel } from '@/core/text/untrustedText';
import type { Ur } from '@/core/ur/ur';
import { errorText } from '@/lib/errorMessages';
import { accountsText } from '@/lib/format';
import { QueryScope } from '@/lib/queries/queryClient';
import { type AddressChoice, AddressChoices, continueWith, toggled } from './AddressChoices';
import { FinishStep } from './FinishStep';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

const PAGE = 5;
/** Device names are kept to this many characters (they come from the device, and show in sentences). */
const DEVICE_NAME_LENGTH = 40;
const UNNAMED_DEVICE = 'QR device';

/**
 * Adds accounts whose keys stay on an air-gapped device that signs through QR codes (ERC-4527:
 * Keystone, AirGap Vault, imToken and others): scan the device's account code, choose addresses,
 * add them. Cairn keeps only public keys; each signature is asked of the device.
 */
export function ImportQrDeviceFlow({ mode, onDone, onCancel }: FlowProps) {
  const [device, setDevice] = useState<DeviceAccounts>();
  const [chosen, setChosen] = useState<AddressChoice[]>();

  if (!device) {
    const read = (ur: Ur) => {
      try {
        setDevice(readDeviceAccounts(ur));
        return undefined;
      } catch (error) {
        return errorText(error);
      }
    };
    return (
      <StepForm
        title="Connect a QR signing device"
        description="On the device, open the screen that connects a software wallet (on Keystone: Connect Software Wallet, then MetaMask) so it shows a QR code of its Ethereum accounts. Only public keys pass: the keys stay on the device."
        onContinue={() => undefined}
        continueDisabled
        continueLabel="Scan the device’s code to continue"
        onBack={onCancel}
      >
        <UrScanner what="the account code your device shows" onUr={read} />
      </StepForm>
    );
  }

  // Kept whole characters only (a cut surrogate pair would be a hidden character of its own).
  const deviceName =
    Array.from((device.name ?? '').trim())
      .slice(0, DEVICE_NAME_LENGTH)
      .join('') || UNNAMED_DEVICE;
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
      summary={`${accountsText(chosen.length)} of ${untrustedLabel(deviceName, 'name')}. Cairn keeps their public keys; the device signs.`}
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
      title="Choose accounts"
      description={`Accounts of ${untrustedLabel(deviceName, 'name')}.`}
      error={attempted && selected.size === 0 ? 'Choose at least one account.' : undefined}
      onContinue={submit}
      continueLabel={continueWith(selected.size)}
      onBack={onBack}
      backLabel="Scan another code"
    >
      <AddressChoices addresses={addresses} selected={selected} onToggle={(i) => setSelected(toggled(selected, i))} />
      {count < available && (
        <div className={ui.actions}>
          <button type="button" className={ui.secondary} onClick={() => setCount((c) => Math.min(c + PAGE, available))}>
            Show more
          </button>
        </div>
      )}
    </StepForm>
  );
}
