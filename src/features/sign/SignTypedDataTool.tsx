import { type FormEvent, useState } from 'react';
import { Field } from '@/components/Field';
import { PermitPanel } from '@/components/typedData/PermitPanel';
import { TypedDataView } from '@/components/typedData/TypedDataView';
import ui from '@/components/ui.module.css';
import { WatchOnlyNotice } from '@/components/WatchOnlyNotice';
import { canSign } from '@/core/accounts/signerKinds';
import { type Message, msg } from '@/core/i18n/message';
import { describeConsequences } from '@/core/signing/permits';
import type { SignatureConsequences } from '@/core/signing/permitTypes';
import { signTypedDataWith } from '@/core/signing/sign';
import { chainIdWarning, type ParsedTypedData, parseTypedDataJson } from '@/core/signing/typedData';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { usePermitBalanceCheck } from '@/lib/send/permitBalanceCheck';
import { useSelectedNetwork } from '@/lib/stores/session';
import { useSelectedAccount, useSigningAccounts, useVaultSession } from '@/lib/vault/vault';
import { SignatureOutput } from './SignatureOutput';
import { SigningAccountField } from './SigningAccountField';
import styles from './sign.module.css';

/** EIP-712 typed data: pasted as JSON, checked against its types, read as a tree, then signed. */
export function SignTypedDataTool() {
  const t = useT('sign');
  const session = useVaultSession();
  const network = useSelectedNetwork();
  const { accounts, preferred } = useSigningAccounts();
  const selected = useSelectedAccount();
  const [accountId, setAccountId] = useState(preferred?.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<Message | string>();
  const [parsed, setParsed] = useState<ParsedTypedData>();
  // What signing hands over (permits, Seaport orders), read at review time against the clock then.
  const [described, setConsequences] = useState<SignatureConsequences>();
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ signature: string; signer: string; text: string }>();
  const account = accounts.find((a) => a.id === accountId) ?? preferred;
  // A permit far above the signing account's balance of its token is warned of once that is read.
  const checked = usePermitBalanceCheck(network, account?.address, described, parsed?.domain.chainId);
  const consequences = checked.consequences;

  const review = (event: FormEvent) => {
    event.preventDefault();
    setResult(undefined);
    setUnderstood(false);
    try {
      const next = parseTypedDataJson(text);
      setParsed(next);
      setConsequences(describeConsequences(next.typedData, BigInt(Math.floor(Date.now() / 1000))));
      setError(undefined);
    } catch (e) {
      setParsed(undefined);
      setConsequences(undefined);
      setError(errorMessage(e));
    }
  };

  const sign = async () => {
    if (!account || !parsed) return;
    const signedText = text;
    setBusy(true);
    try {
      const signature = await signTypedDataWith(session.signerFor(account), parsed.typedData);
      setResult({ signature, signer: account.address, text: signedText });
    } catch (e) {
      setError(msg('sign:nothingSigned', { reason: errorMessage(e) }));
    } finally {
      setBusy(false);
    }
  };

  if (selected && !canSign(selected)) return <WatchOnlyNotice account={selected} task={msg('sign:typed.task')} />;
  if (!account) return <p>{t('sign:typed.noAccount')}</p>;
  return (
    <div className={styles.tool}>
      <form className={styles.tool} onSubmit={review} noValidate aria-labelledby="sign-typed-title">
        <h2 id="sign-typed-title">{t('sign:typed.title')}</h2>
        <p className={ui.muted}>{t('sign:typed.intro')}</p>
        <SigningAccountField accounts={accounts} value={account.id} onChange={setAccountId} />
        <Field label={t('sign:typed.label')} hint={t('sign:typed.hint')} error={error}>
          <textarea
            rows={10}
            value={text}
            spellCheck={false}
            onChange={(e) => {
              setText(e.target.value);
              setParsed(undefined);
              setConsequences(undefined);
              setUnderstood(false);
              setResult(undefined);
            }}
          />
        </Field>
        <div className={ui.actions}>
          <button type="submit">{t('sign:typed.review')}</button>
        </div>
      </form>
      {parsed && (
        <>
          {consequences && (
            <PermitPanel consequences={consequences} network={network} domainChainId={parsed.domain.chainId} />
          )}
          <TypedDataView
            typedData={parsed.typedData}
            domain={parsed.domain}
            warning={chainIdWarning(parsed.domain.chainId, network.chainId)}
          />
          {consequences?.needsAcknowledgement && (
            <label className={ui.checkbox}>
              <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
              <span>{t('sign:typed.understood')}</span>
            </label>
          )}
          <div className={ui.actions}>
            <button
              type="button"
              onClick={sign}
              disabled={busy || checked.checking || (consequences?.needsAcknowledgement === true && !understood)}
            >
              {busy ? t('sign:signing') : t('sign:typed.submit')}
            </button>
          </div>
        </>
      )}
      {result && result.text === text && parsed && result.signer === account.address && (
        <SignatureOutput signature={result.signature} signer={result.signer} />
      )}
    </div>
  );
}
