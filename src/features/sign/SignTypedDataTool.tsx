import { type FormEvent, useState } from 'react';
import { Field } from '@/components/Field';
import { PermitPanel } from '@/components/typedData/PermitPanel';
import { TypedDataView } from '@/components/typedData/TypedDataView';
import ui from '@/components/ui.module.css';
import { WatchOnlyNotice } from '@/components/WatchOnlyNotice';
import { canSign } from '@/core/accounts/account';
import { describeConsequences } from '@/core/signing/permits';
import type { SignatureConsequences } from '@/core/signing/permitTypes';
import { signTypedDataWith } from '@/core/signing/sign';
import { chainIdWarning, type ParsedTypedData, parseTypedDataJson } from '@/core/signing/typedData';
import { errorText } from '@/lib/errorMessages';
import { useSelectedNetwork } from '@/lib/session';
import { useSelectedAccount, useSigningAccounts, useVaultSession } from '@/lib/vault';
import { SignatureOutput } from './SignatureOutput';
import { SigningAccountField } from './SigningAccountField';
import styles from './sign.module.css';

/** EIP-712 typed data: pasted as JSON, checked against its types, read as a tree, then signed. */
export function SignTypedDataTool() {
  const session = useVaultSession();
  const network = useSelectedNetwork();
  const { accounts, preferred } = useSigningAccounts();
  const selected = useSelectedAccount();
  const [accountId, setAccountId] = useState(preferred?.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [parsed, setParsed] = useState<ParsedTypedData>();
  // What signing hands over (permits, Seaport orders), read at review time against the clock then.
  const [consequences, setConsequences] = useState<SignatureConsequences>();
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ signature: string; signer: string; text: string }>();
  const account = accounts.find((a) => a.id === accountId) ?? preferred;

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
      setError(errorText(e));
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
      setError(`${errorText(e)} Nothing was signed.`);
    } finally {
      setBusy(false);
    }
  };

  if (selected && !canSign(selected)) return <WatchOnlyNotice account={selected} task="sign typed data with it" />;
  if (!account) return <p>Add an account that can sign (watch-only accounts cannot) to sign typed data.</p>;
  return (
    <div className={styles.tool}>
      <form className={styles.tool} onSubmit={review} noValidate aria-labelledby="sign-typed-title">
        <h2 id="sign-typed-title">Sign typed data</h2>
        <p className={ui.muted}>
          EIP-712 data, as apps request with eth_signTypedData_v4. Such a signature can authorise a contract to move
          your tokens (a permit or an order): read every field before signing.
        </p>
        <SigningAccountField accounts={accounts} value={account.id} onChange={setAccountId} />
        <Field label="Typed data (JSON)" hint="types, primaryType, domain and message." error={error}>
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
          <button type="submit">Review typed data</button>
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
              <span>I understand what this permit allows</span>
            </label>
          )}
          <div className={ui.actions}>
            <button
              type="button"
              onClick={sign}
              disabled={busy || (consequences?.needsAcknowledgement === true && !understood)}
            >
              {busy ? 'Signing…' : 'Sign typed data'}
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
