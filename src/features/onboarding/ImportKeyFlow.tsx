import { useState } from 'react';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Field } from '@/components/Field';
import { Identicon } from '@/components/Identicon';
import { SecretInput } from '@/components/SecretInput';
import ui from '@/components/ui.module.css';
import { addressOfPrivateKey, parsePrivateKey } from '@/core/keys/privateKey';
import { errorText } from '@/lib/errorMessages';
import { FinishStep } from './FinishStep';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

export function ImportKeyFlow({ mode, onDone, onCancel }: FlowProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [address, setAddress] = useState<Address>();

  const check = () => {
    try {
      const key = parsePrivateKey(text);
      setAddress(addressOfPrivateKey(key));
      key.fill(0);
      setError(undefined);
    } catch (e) {
      setError(errorText(e));
    }
  };

  if (!address) {
    return (
      <StepForm title="Import a private key" onContinue={check} onBack={onCancel}>
        <Field label="Private key" hint="64 hex digits, with or without 0x." error={error}>
          <SecretInput value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
      </StepForm>
    );
  }

  return (
    <>
      <p className={ui.actions}>
        <Identicon address={address} /> <span>This key controls</span> <AddressText address={address} />
      </p>
      <FinishStep
        mode={mode}
        onDone={onDone}
        summary="The private key and its account."
        prepare={async () => ({
          secret: { kind: 'privateKey', privateKey: parsePrivateKey(text), origin: 'imported-key' },
          accounts: [{ address, source: { kind: 'key' } }],
        })}
      />
    </>
  );
}
