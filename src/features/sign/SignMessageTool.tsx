import { type FormEvent, useState } from 'react';
import { Field } from '@/components/Field';
import ui from '@/components/ui.module.css';
import { WatchOnlyNotice } from '@/components/WatchOnlyNotice';
import { canSign } from '@/core/accounts/account';
import { describeMessage, type MessageMode, parseMessageInput } from '@/core/signing/message';
import { signMessageWith } from '@/core/signing/sign';
import { errorText } from '@/lib/errorMessages';
import { useSelectedAccount, useSigningAccounts, useVaultSession } from '@/lib/vault';
import { SignatureOutput } from './SignatureOutput';
import { SigningAccountField } from './SigningAccountField';
import styles from './sign.module.css';

/** personal_sign (EIP-191): text or hex bytes, shown exactly as they will be signed. */
export function SignMessageTool() {
  const session = useVaultSession();
  const { accounts, preferred } = useSigningAccounts();
  const selected = useSelectedAccount();
  const [accountId, setAccountId] = useState(preferred?.id);
  const [mode, setMode] = useState<MessageMode>('text');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [hashConfirmed, setHashConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ signature: string; signer: string; text: string; mode: MessageMode }>();
  const account = accounts.find((a) => a.id === accountId) ?? preferred;

  let preview: ReturnType<typeof describeMessage> | undefined;
  try {
    preview = text ? describeMessage(parseMessageInput(text, mode)) : undefined;
  } catch {
    preview = undefined;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(undefined);
    if (!account) return;
    let message: ReturnType<typeof parseMessageInput>;
    try {
      message = parseMessageInput(text, mode);
    } catch (e) {
      setError(errorText(e));
      return;
    }
    setError(undefined);
    if (describeMessage(message).looksLikeHash && !hashConfirmed) return;
    setBusy(true);
    try {
      const signature = await signMessageWith(session.signerFor(account), message);
      setResult({ signature, signer: account.address, text, mode });
    } catch (e) {
      setError(`${errorText(e)} Nothing was signed.`);
    } finally {
      setBusy(false);
    }
  };

  if (selected && !canSign(selected)) return <WatchOnlyNotice account={selected} task="sign messages with it" />;
  if (!account) return <p>Add an account that can sign (watch-only accounts cannot) to sign messages.</p>;
  return (
    <form className={styles.tool} onSubmit={submit} noValidate aria-labelledby="sign-message-title">
      <h2 id="sign-message-title">Sign a message</h2>
      <p className={ui.muted}>
        A personal_sign (EIP-191) signature: what apps ask to prove you own an address. It cannot move funds by itself,
        but sign only text you understand.
      </p>
      <SigningAccountField accounts={accounts} value={account.id} onChange={setAccountId} />
      <fieldset className={ui.choices}>
        <legend>The message is</legend>
        <label className={ui.checkbox}>
          <input type="radio" name="message-mode" checked={mode === 'text'} onChange={() => setMode('text')} />
          <span>Text</span>
        </label>
        <label className={ui.checkbox}>
          <input type="radio" name="message-mode" checked={mode === 'hex'} onChange={() => setMode('hex')} />
          <span>Hex bytes (0x…)</span>
        </label>
      </fieldset>
      <Field label="Message" error={error}>
        <textarea
          rows={5}
          value={text}
          spellCheck={false}
          onChange={(e) => {
            setText(e.target.value);
            setResult(undefined);
            setHashConfirmed(false);
          }}
        />
      </Field>
      {preview && (
        <dl className={ui.facts} aria-label="Message as signed">
          <dt>Bytes</dt>
          <dd>{preview.byteLength}</dd>
          {mode === 'hex' && (
            <>
              <dt>Reads as</dt>
              <dd>{preview.text === undefined ? 'not text' : `“${preview.text}”`}</dd>
            </>
          )}
        </dl>
      )}
      {preview?.looksLikeHash && (
        <div className={ui.noticeWarning}>
          <p>
            This message is exactly 32 bytes, the size of a hash. Phishing pages ask for such signatures to get a
            transaction or permit approved. Sign it only if you know what these bytes are.
          </p>
          <label className={ui.checkbox}>
            <input type="checkbox" checked={hashConfirmed} onChange={(e) => setHashConfirmed(e.target.checked)} />
            <span>I know what these 32 bytes are</span>
          </label>
        </div>
      )}
      <div className={ui.actions}>
        <button type="submit" disabled={busy || (preview?.looksLikeHash === true && !hashConfirmed)}>
          {busy ? 'Signing…' : 'Sign message'}
        </button>
      </div>
      {/* Shown only for exactly what is typed now: never beside a message it did not sign. */}
      {result && result.text === text && result.mode === mode && result.signer === account.address && (
        <SignatureOutput signature={result.signature} signer={result.signer} />
      )}
    </form>
  );
}
