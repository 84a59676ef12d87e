import { useMemo, useState } from 'react';
import { type Hex, hashMessage } from 'viem';
import { DateTime } from '@/components/DateTime';
import { LtrText } from '@/components/LtrText';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { reviewSiwe } from '@/core/dapp/siwe';
import { msg } from '@/core/i18n/message';
import { describeMessage } from '@/core/signing/message';
import { signMessageWith } from '@/core/signing/sign';
import { useT } from '@/lib/i18n';
import { useVaultSession } from '@/lib/vault/vault';
import { ApprovalFrame } from './ApprovalFrame';
import styles from './dapp.module.css';
import { useSafeAnswer } from './useSafeAnswer';
import { useSiteRequest } from './useSiteRequest';

/** personal_sign: the message exactly as it will be signed; a Sign-In with Ethereum message read and checked against the site. */
export function MessageApproval({ id, account, message }: { id: number; account: string; message: Hex }) {
  const t = useT('dapp');
  const request = useSiteRequest(id, account);
  const session = useVaultSession();
  const [understood, setUnderstood] = useState(false);
  const described = useMemo(() => describeMessage({ raw: message }), [message]);
  // Read even with no network known (the chain is then left uncompared): a sign-in for another
  // site, or one that cannot be read, blocks whatever the network.
  const chainId = request.network?.chainId;
  const siwe = useMemo(
    () =>
      described.text === undefined
        ? undefined
        : reviewSiwe(described.text, { origin: request.connection.origin, account, chainId, now: new Date() }),
    [described.text, request.connection.origin, account, chainId],
  );
  const blocking = (siwe?.problems.some((p) => p.blocking) ?? false) || described.looksLikeHash;
  // A message with the header that cannot be read is not shown as a sign-in: only its warning says what it claims.
  const signIn = siwe?.readable ? siwe : undefined;
  const { signer } = request;
  // A Safe account (no key) signs through its owners: the same review, then a proposal (useSafeAnswer).
  const safeAsk = useMemo(
    () => ({ kind: 'message' as const, hash: hashMessage({ raw: message }), message: described.text ?? described.hex }),
    [message, described],
  );
  const safe = useSafeAnswer(request, account, safeAsk);
  const sign = () =>
    signer &&
    request.run(() => signMessageWith(session.signerFor(signer), { raw: message }), msg('dapp:nothingSigned'));
  const cannot = signer || safe.isSafe ? undefined : t('dapp:cannotSign');

  return (
    <ApprovalFrame
      title={signIn ? t('dapp:message.siweTitle') : t('dapp:message.title')}
      requestId={id}
      account={account}
      network={request.network}
      approveLabel={safe.isSafe ? safe.approveLabel : signIn ? t('dapp:message.signIn') : t('dapp:sign')}
      onApprove={safe.isSafe ? safe.onApprove : sign}
      onDecline={request.decline}
      approveBlocked={(safe.isSafe ? !safe.ready : !signer) || (blocking && !understood && !safe.waiting)}
      busy={request.busy || safe.busy}
      error={request.error ?? safe.problem ?? cannot}
    >
      {signIn && (
        <>
          <p>{t('dapp:message.siweIntro')}</p>
          <dl className={styles.facts}>
            <dt>{t('dapp:message.forSite')}</dt>
            <dd>
              <LtrText>
                <UntrustedText text={signIn.domain} kind="whole" />
              </LtrText>
            </dd>
            {signIn.statement && (
              <>
                <dt>{t('dapp:message.statement')}</dt>
                <dd>
                  <UntrustedText text={signIn.statement} kind="whole" />
                </dd>
              </>
            )}
            {signIn.expirationTime && (
              <>
                <dt>{t('dapp:message.validUntil')}</dt>
                <dd>
                  <DateTime when={signIn.expirationTime} />
                </dd>
              </>
            )}
          </dl>
        </>
      )}
      {siwe?.problems.map((problem) => (
        <p key={problem.kind} className={problem.blocking ? ui.noticeDanger : ui.noticeWarning}>
          <T message={problem.sentence} />
        </p>
      ))}
      {described.looksLikeHash && <p className={ui.noticeDanger}>{t('dapp:message.looksLikeHash')}</p>}
      <h2>{t('dapp:message.heading', { count: described.byteLength })}</h2>
      <div className={styles.message} role="document" aria-label={t('dapp:message.label')}>
        {described.text !== undefined ? (
          <UntrustedText text={described.text} kind="whole" />
        ) : (
          <LtrText>{described.hex}</LtrText>
        )}
      </div>
      {blocking && (
        <label className={ui.checkbox}>
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          <span>{t('dapp:message.understood')}</span>
        </label>
      )}
      {safe.isSafe && safe.note}
    </ApprovalFrame>
  );
}
