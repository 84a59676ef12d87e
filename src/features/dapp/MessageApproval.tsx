import { useMemo, useState } from 'react';
import type { Hex } from 'viem';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { reviewSiwe } from '@/core/dapp/siwe';
import { describeMessage } from '@/core/signing/message';
import { signMessageWith } from '@/core/signing/sign';
import { useVaultSession } from '@/lib/vault';
import { ApprovalFrame } from './ApprovalFrame';
import styles from './dapp.module.css';
import { useSiteRequest } from './useSiteRequest';

/** personal_sign: the message exactly as it will be signed; a Sign-In with Ethereum message read and checked against the site. */
export function MessageApproval({ id, account, message }: { id: number; account: string; message: Hex }) {
  const request = useSiteRequest(id, account);
  const session = useVaultSession();
  const [understood, setUnderstood] = useState(false);
  const described = useMemo(() => describeMessage({ raw: message }), [message]);
  const siwe = useMemo(
    () =>
      described.text === undefined || !request.network
        ? undefined
        : reviewSiwe(described.text, {
            origin: request.connection.origin,
            account,
            chainId: request.network.chainId,
            now: new Date(),
          }),
    [described.text, request.connection.origin, account, request.network],
  );
  const blocking = (siwe?.problems.some((p) => p.blocking) ?? false) || described.looksLikeHash;
  const { signer } = request;
  const sign = () =>
    signer && request.run(() => signMessageWith(session.signerFor(signer), { raw: message }), 'Nothing was signed.');

  return (
    <ApprovalFrame
      title={siwe ? 'Sign in with Ethereum?' : 'Sign this message?'}
      requestId={id}
      account={account}
      network={request.network}
      approveLabel={siwe ? 'Sign in' : 'Sign'}
      onApprove={sign}
      onDecline={request.decline}
      approveBlocked={!signer || (blocking && !understood)}
      busy={request.busy}
      error={request.error ?? (signer ? undefined : 'This account cannot sign in Cairn (it is watch-only or gone).')}
    >
      {siwe && (
        <>
          <p>The site asks you to prove you own this account to log in. Signing moves no funds.</p>
          <dl className={styles.facts}>
            <dt>For the site</dt>
            <dd>
              <bdi dir="ltr">
                <UntrustedText text={siwe.domain} kind="whole" />
              </bdi>
            </dd>
            {siwe.statement && (
              <>
                <dt>Statement</dt>
                <dd>
                  <UntrustedText text={siwe.statement} kind="whole" />
                </dd>
              </>
            )}
            {siwe.expirationTime && (
              <>
                <dt>Valid until</dt>
                <dd>{siwe.expirationTime.toLocaleString()}</dd>
              </>
            )}
          </dl>
          {siwe.problems.map((problem) => (
            <p key={problem.kind} className={problem.blocking ? ui.noticeDanger : ui.noticeWarning}>
              {problem.sentence}
            </p>
          ))}
        </>
      )}
      {described.looksLikeHash && (
        <p className={ui.noticeDanger}>
          These are 32 bytes that look like a hash, not a message: a hash can stand for a transaction or a permit. Sign
          only if you know exactly what it is.
        </p>
      )}
      <h2>Message ({described.byteLength} bytes)</h2>
      <div className={styles.message} role="document" aria-label="Message to sign">
        {described.text !== undefined ? <UntrustedText text={described.text} kind="whole" /> : described.hex}
      </div>
      {blocking && (
        <label className={ui.checkbox}>
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          <span>I understand the warning above and still want to sign</span>
        </label>
      )}
    </ApprovalFrame>
  );
}
