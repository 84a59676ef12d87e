import { useState } from 'react';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Field } from '@/components/Field';
import { Identicon } from '@/components/Identicon';
import { SecretInput } from '@/components/SecretInput';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { WorkProgress } from '@/components/WorkProgress';
import { type Message, msg } from '@/core/i18n/message';
import { parseKeystore } from '@/core/keys/keystore';
import { addressOfPrivateKey } from '@/core/keys/privateKey';
import { readSmallTextFile } from '@/lib/browser/download';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { decryptKeystoreInWorker } from '@/lib/vault/keystoreInWorker';
import { FinishStep } from './FinishStep';
import styles from './onboarding.module.css';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

export function ImportKeystoreFlow({ mode, onDone, onCancel }: FlowProps) {
  const t = useT('onboarding');
  const [file, setFile] = useState<File>();
  const [password, setPassword] = useState('');
  const [fileError, setFileError] = useState<Message | string>();
  const [passwordError, setPasswordError] = useState<Message>();
  const [progress, setProgress] = useState<number>();
  const [result, setResult] = useState<{ key: Uint8Array; address: Address }>();

  const decrypt = async () => {
    setFileError(undefined);
    setPasswordError(undefined);
    if (!file) {
      setFileError(msg('onboarding:importKeystore.noFile'));
      return;
    }
    let text: string;
    try {
      text = await readSmallTextFile(file);
      parseKeystore(text);
    } catch (e) {
      setFileError(errorMessage(e));
      return;
    }
    setProgress(0);
    try {
      const key = await decryptKeystoreInWorker(text, password, setProgress);
      setResult({ key, address: addressOfPrivateKey(key) });
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'KEYS_KEYSTORE_WRONG_PASSWORD') setPasswordError(msg('onboarding:importKeystore.wrongPassword'));
      else setFileError(errorMessage(e));
    } finally {
      setProgress(undefined);
    }
  };

  if (!result) {
    return (
      <StepForm
        title={t('onboarding:importKeystore.title')}
        description={t('onboarding:importKeystore.description')}
        onContinue={decrypt}
        continueLabel={t('onboarding:importKeystore.decrypt')}
        busy={progress !== undefined}
        busyLabel={t('onboarding:importKeystore.decrypting')}
        onBack={onCancel}
        backDisabled={progress !== undefined}
      >
        <Field label={t('onboarding:importKeystore.fileLabel')} error={fileError}>
          <input
            type="file"
            accept=".json,application/json,text/plain,*"
            onChange={(e) => setFile(e.target.files?.[0])}
          />
        </Field>
        <Field
          label={t('onboarding:importKeystore.passwordLabel')}
          hint={t('onboarding:importKeystore.passwordHint')}
          error={passwordError}
        >
          <SecretInput value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        {progress !== undefined && (
          <WorkProgress
            label={t('onboarding:importKeystore.progress')}
            className={styles.progress}
            fraction={progress || undefined}
          />
        )}
      </StepForm>
    );
  }

  return (
    <>
      <p className={ui.actions}>
        <Identicon address={result.address} />{' '}
        <span>
          <T id="onboarding:importKeystore.holds" tags={{ 0: <AddressText address={result.address} /> }} />
        </span>
      </p>
      <FinishStep
        mode={mode}
        onDone={() => {
          result.key.fill(0);
          onDone();
        }}
        summary={t('onboarding:importKeystore.summary')}
        prepare={async () => ({
          secret: { kind: 'privateKey', privateKey: result.key.slice(), origin: 'imported-keystore' },
          accounts: [{ address: result.address, source: { kind: 'key' } }],
        })}
      />
    </>
  );
}
