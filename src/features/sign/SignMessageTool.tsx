import { type FormEvent, useState } from 'react';
import { Field } from '@/components/Field';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { WatchOnlyNotice } from '@/components/WatchOnlyNotice';
import { canSign } from '@/core/accounts/signerKinds';
import { type Message, msg, untrustedValue } from '@/core/i18n/message';
import { describeMessage, type MessageMode, parseMessageInput } from '@/core/signing/message';
import { signMessageWith } from '@/core/signing/sign';
import { intlLocale, useLocale, useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { formatCount } from '@/lib/i18n/format';
import { useSelectedAccount, useSigningAccounts, useVaultSession } from '@/lib/vault/vault';
import { SignatureOutput } from './SignatureOutput';
import { SigningAccountField } from './SigningAccountField';
import styles from './sign.module.css';

/** personal_sign (EIP-191): text or hex bytes, shown exactly as they will be signed. */
export function SignMessageTool() {
  const t = useT('sign');
  const locale = useLocale();
  const session = useVaultSession();
  const { accounts, preferred } = useSigningAccounts();
  const selected = useSelectedAccount();
  const [accountId, setAccountId] = useState(preferred?.id);
  const [mode, setMode] = useState<MessageMode>('text');
  const [text, setText] = useState('');
  const [error, setError] = useState<Message | string>();
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
      setError(errorMessage(e));
      return;
    }
    setError(undefined);
    if (describeMessage(message).looksLikeHash && !hashConfirmed) return;
    setBusy(true);
    try {
      const signature = await signMessageWith(session.signerFor(account), message);
      setResult({ signature, signer: account.address, text, mode });
    } catch (e) {
      setError(msg('sign:nothingSigned', { reason: errorMessage(e) }));
    } finally {
      setBusy(false);
    }
  };

  if (selected && !canSign(selected)) return <WatchOnlyNotice account={selected} task={msg('sign:message.task')} />;
  if (!account) return <p>{t('sign:message.noAccount')}</p>;
  return (
    <form className={styles.tool} onSubmit={submit} noValidate aria-labelledby="sign-message-title">
      <h2 id="sign-message-title">{t('sign:message.title')}</h2>
      <p className={ui.muted}>{t('sign:message.intro')}</p>
      <SigningAccountField accounts={accounts} value={account.id} onChange={setAccountId} />
      <fieldset className={ui.choices}>
        <legend>{t('sign:message.mode')}</legend>
        <label className={ui.checkbox}>
          <input type="radio" name="message-mode" checked={mode === 'text'} onChange={() => setMode('text')} />
          <span>{t('sign:message.modeText')}</span>
        </label>
        <label className={ui.checkbox}>
          <input type="radio" name="message-mode" checked={mode === 'hex'} onChange={() => setMode('hex')} />
          <span>{t('sign:message.modeHex')}</span>
        </label>
      </fieldset>
      <Field label={t('sign:message.label')} error={error}>
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
        <dl className={ui.facts} aria-label={t('sign:message.asSigned')}>
          <dt>{t('sign:message.bytes')}</dt>
          <dd>{formatCount(BigInt(preview.byteLength), intlLocale(locale))}</dd>
          {mode === 'hex' && (
            <>
              <dt>{t('sign:message.readsAs')}</dt>
              <dd>
                {preview.text === undefined ? (
                  t('sign:message.notText')
                ) : (
                  <T id="sign:message.quoted" values={{ text: untrustedValue(preview.text, 'whole') }} />
                )}
              </dd>
            </>
          )}
        </dl>
      )}
      {preview?.looksLikeHash && (
        <div className={ui.noticeWarning}>
          <p>{t('sign:message.looksLikeHash')}</p>
          <label className={ui.checkbox}>
            <input type="checkbox" checked={hashConfirmed} onChange={(e) => setHashConfirmed(e.target.checked)} />
            <span>{t('sign:message.hashConfirm')}</span>
          </label>
        </div>
      )}
      <div className={ui.actions}>
        <button type="submit" disabled={busy || (preview?.looksLikeHash === true && !hashConfirmed)}>
          {busy ? t('sign:signing') : t('sign:message.submit')}
        </button>
      </div>
      {/* Shown only for exactly what is typed now: never beside a message it did not sign. */}
      {result && result.text === text && result.mode === mode && result.signer === account.address && (
        <SignatureOutput signature={result.signature} signer={result.signer} />
      )}
    </form>
  );
}
