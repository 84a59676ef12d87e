import { useState } from 'react';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Field } from '@/components/Field';
import { Identicon } from '@/components/Identicon';
import { SecretInput } from '@/components/SecretInput';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import { addressOfPrivateKey, parsePrivateKey } from '@/core/keys/privateKey';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { FinishStep } from './FinishStep';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

export function ImportKeyFlow({ mode, onDone, onCancel }: FlowProps) {
  const t = useT('onboarding');
  const [text, setText] = useState('');
  const [error, setError] = useState<Message | string>();
  const [address, setAddress] = useState<Address>();

  const check = () => {
    try {
      const key = parsePrivateKey(text);
      setAddress(addressOfPrivateKey(key));
      key.fill(0);
      setError(undefined);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  if (!address) {
    return (
      <StepForm title={t('onboarding:importKey.title')} onContinue={check} onBack={onCancel}>
        <Field label={t('onboarding:importKey.label')} hint={t('onboarding:importKey.hint')} error={error}>
          <SecretInput value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
      </StepForm>
    );
  }

  return (
    <>
      <p className={ui.actions}>
        <Identicon address={address} />{' '}
        <span>
          <T id="onboarding:importKey.controls" tags={{ 0: <AddressText address={address} /> }} />
        </span>
      </p>
      <FinishStep
        mode={mode}
        onDone={onDone}
        summary={t('onboarding:importKey.summary')}
        prepare={async () => ({
          secret: { kind: 'privateKey', privateKey: parsePrivateKey(text), origin: 'imported-key' },
          accounts: [{ address, source: { kind: 'key' } }],
        })}
      />
    </>
  );
}
