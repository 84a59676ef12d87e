import { useState } from 'react';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Field } from '@/components/Field';
import { Identicon } from '@/components/Identicon';
import { SecretInput } from '@/components/SecretInput';
import ui from '@/components/ui.module.css';
import { WorkProgress } from '@/components/WorkProgress';
import { parseKeystore } from '@/core/keys/keystore';
import { addressOfPrivateKey } from '@/core/keys/privateKey';
import { readSmallTextFile } from '@/lib/download';
import { errorText } from '@/lib/errorMessages';
import { decryptKeystoreInWorker } from '@/lib/keystoreInWorker';
import { FinishStep } from './FinishStep';
import styles from './onboarding.module.css';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

export function ImportKeystoreFlow({ mode, onDone, onCancel }: FlowProps) {
  const [file, setFile] = useState<File>();
  const [password, setPassword] = useState('');
  const [fileError, setFileError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [result, setResult] = useState<{ key: Uint8Array; address: Address }>();

  const decrypt = async () => {
    setFileError(undefined);
    setPasswordError(undefined);
    if (!file) {
      setFileError('Choose a keystore file.');
      return;
    }
    let text: string;
    try {
      text = await readSmallTextFile(file);
      parseKeystore(text);
    } catch (e) {
      setFileError(errorText(e));
      return;
    }
    setProgress(0);
    try {
      const key = await decryptKeystoreInWorker(text, password, setProgress);
      setResult({ key, address: addressOfPrivateKey(key) });
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'KEYS_KEYSTORE_WRONG_PASSWORD') setPasswordError('Wrong password for this keystore file.');
      else setFileError(errorText(e));
    } finally {
      setProgress(undefined);
    }
  };

  if (!result) {
    return (
      <StepForm
        title="Import a keystore file"
        description="A JSON keystore (UTC--…) from geth, MyEtherWallet, MyCrypto, ethers or another wallet."
        onContinue={decrypt}
        continueLabel="Decrypt"
        busy={progress !== undefined}
        busyLabel="Decrypting…"
        onBack={onCancel}
        backDisabled={progress !== undefined}
      >
        <Field label="Keystore file" error={fileError}>
          <input
            type="file"
            accept=".json,application/json,text/plain,*"
            onChange={(e) => setFile(e.target.files?.[0])}
          />
        </Field>
        <Field label="Keystore password" hint="The password the file was saved with." error={passwordError}>
          <SecretInput value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        {progress !== undefined && (
          <WorkProgress
            label="Decrypting (this takes a few seconds)…"
            className={styles.progress}
            fraction={progress}
          />
        )}
      </StepForm>
    );
  }

  return (
    <>
      <p className={ui.actions}>
        <Identicon address={result.address} /> <span>The keystore holds</span> <AddressText address={result.address} />
      </p>
      <FinishStep
        mode={mode}
        onDone={() => {
          result.key.fill(0);
          onDone();
        }}
        summary="The key from the keystore file and its account."
        prepare={async () => ({
          secret: { kind: 'privateKey', privateKey: result.key.slice(), origin: 'imported-keystore' },
          accounts: [{ address: result.address, source: { kind: 'key' } }],
        })}
      />
    </>
  );
}
