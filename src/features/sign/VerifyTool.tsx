import { type FormEvent, useState } from 'react';
import { T } from '@/components/T';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import { codeValue, type Message } from '@/core/i18n/message';
import { parseAddress } from '@/core/keys/address';
import { type MessageMode, parseMessageInput } from '@/core/signing/message';
import { parseTypedDataJson } from '@/core/signing/typedData';
import {
  parseSignatureInput,
  type VerifyResult,
  verifyMessageSignature,
  verifyTypedDataSignature,
} from '@/core/signing/verify';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import styles from './sign.module.css';

type Kind = MessageMode | 'typed';
type Errors = { signed?: Message | string; signature?: Message | string; expected?: Message | string };

/** Who signed this? Recovers the signer of a message or typed data and compares it with an expected address. */
export function VerifyTool() {
  const t = useT('sign');
  const [kind, setKind] = useState<Kind>('text');
  const [signed, setSigned] = useState('');
  const [signature, setSignature] = useState('');
  const [expected, setExpected] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<VerifyResult>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(undefined);
    const next: Errors = {};
    const attempt = <T,>(field: keyof Errors, read: () => T): T | undefined => {
      try {
        return read();
      } catch (e) {
        next[field] = errorMessage(e);
        return undefined;
      }
    };
    // Each input is read on its own, so every problem shows at once; the signer is recovered once.
    const verify = attempt('signed', () => {
      if (kind === 'typed') {
        const { typedData } = parseTypedDataJson(signed);
        return (args: { signature: string; expected?: string }) => verifyTypedDataSignature({ typedData, ...args });
      }
      const message = parseMessageInput(signed, kind);
      return (args: { signature: string; expected?: string }) => verifyMessageSignature({ message, ...args });
    });
    attempt('signature', () => parseSignatureInput(signature));
    const wanted = expected.trim();
    if (wanted) attempt('expected', () => parseAddress(wanted));
    const outcome =
      verify && Object.keys(next).length === 0
        ? attempt('signature', () => verify({ signature, ...(wanted ? { expected: wanted } : {}) }))
        : undefined;
    setErrors(next);
    setResult(outcome);
  };

  return (
    <form className={styles.tool} onSubmit={submit} noValidate aria-labelledby="verify-title">
      <h2 id="verify-title">{t('sign:verify.title')}</h2>
      <fieldset className={ui.choices}>
        <legend>{t('sign:verify.kind')}</legend>
        {(
          [
            ['text', 'sign:verify.kindText'],
            ['hex', 'sign:verify.kindHex'],
            ['typed', 'sign:verify.kindTyped'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={ui.checkbox}>
            <input
              type="radio"
              name="verify-kind"
              checked={kind === value}
              onChange={() => {
                setKind(value);
                setResult(undefined);
              }}
            />
            <span>{t(label)}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        label={kind === 'typed' ? t('sign:verify.signedTyped') : t('sign:verify.signedMessage')}
        error={errors.signed}
        rows={kind === 'typed' ? 8 : 4}
        value={signed}
        onChange={setSigned}
      />
      <TextField
        label={t('sign:verify.signature')}
        hint={t('sign:verify.signatureHint')}
        error={errors.signature}
        value={signature}
        onChange={setSignature}
      />
      <TextField label={t('sign:verify.expected')} error={errors.expected} value={expected} onChange={setExpected} />
      <div className={ui.actions}>
        <button type="submit">{t('sign:verify.submit')}</button>
      </div>
      {result && (
        <p role="status" className={result.matches === false ? ui.noticeDanger : undefined}>
          <T
            id={
              result.matches === true
                ? 'sign:verify.matches'
                : result.matches === false
                  ? 'sign:verify.differs'
                  : 'sign:signature.signedBy'
            }
            values={{ signer: codeValue(result.signer) }}
            tags={{ 0: <span className={styles.code} /> }}
          />
        </p>
      )}
    </form>
  );
}
