import { useState } from 'react';
import type { Address } from 'viem';
import { Field } from '@/components/Field';
import { TextField } from '@/components/TextField';
import { parseAddress } from '@/core/keys/address';
import { MAX_ACCOUNT_NAME_LENGTH } from '@/core/vault/contentsOps';
import { errorText } from '@/lib/errorMessages';
import { FinishStep } from './FinishStep';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

export function WatchFlow({ mode, onDone, onCancel }: FlowProps) {
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [address, setAddress] = useState<Address>();

  const check = () => {
    try {
      setAddress(parseAddress(text));
      setError(undefined);
    } catch (e) {
      setError(errorText(e));
    }
  };

  if (address) {
    return (
      <FinishStep
        mode={mode}
        onDone={onDone}
        summary={`Watch ${address}.`}
        prepare={async () => ({
          secret: undefined,
          accounts: [{ address, source: { kind: 'watch' }, ...(name.trim() ? { name } : {}) }],
        })}
      />
    );
  }

  return (
    <StepForm
      title="Watch an address"
      description="Follow an address's balances and history without its key. Cairn cannot sign for it."
      onContinue={check}
      onBack={onCancel}
    >
      <TextField label="Address" hint="0x followed by 40 hex digits." error={error} value={text} onChange={setText} />
      <Field label="Name (optional)">
        <input type="text" value={name} maxLength={MAX_ACCOUNT_NAME_LENGTH} onChange={(e) => setName(e.target.value)} />
      </Field>
    </StepForm>
  );
}
