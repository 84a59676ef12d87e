import { useState } from 'react';
import type { Address } from 'viem';
import { Field } from '@/components/Field';
import { T } from '@/components/T';
import { TextField } from '@/components/TextField';
import { codeValue, type Message } from '@/core/i18n/message';
import { parseAddress } from '@/core/keys/address';
import { MAX_ACCOUNT_NAME_LENGTH } from '@/core/vault/accountEdits';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { FinishStep } from './FinishStep';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

export function WatchFlow({ mode, onDone, onCancel }: FlowProps) {
  const t = useT('onboarding');
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<Message | string>();
  const [address, setAddress] = useState<Address>();

  const check = () => {
    try {
      setAddress(parseAddress(text));
      setError(undefined);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  if (address) {
    return (
      <FinishStep
        mode={mode}
        onDone={onDone}
        summary={<T id="onboarding:watch.summary" values={{ address: codeValue(address) }} />}
        prepare={async () => ({
          secret: undefined,
          accounts: [{ address, source: { kind: 'watch' }, ...(name.trim() ? { name } : {}) }],
        })}
      />
    );
  }

  return (
    <StepForm
      title={t('onboarding:watch.title')}
      description={t('onboarding:watch.description')}
      onContinue={check}
      onBack={onCancel}
    >
      <TextField
        label={t('onboarding:watch.addressLabel')}
        hint={t('onboarding:watch.addressHint')}
        error={error}
        value={text}
        onChange={setText}
      />
      <Field label={t('onboarding:watch.nameLabel')}>
        <input type="text" value={name} maxLength={MAX_ACCOUNT_NAME_LENGTH} onChange={(e) => setName(e.target.value)} />
      </Field>
    </StepForm>
  );
}
