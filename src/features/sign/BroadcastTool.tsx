import { type FormEvent, useMemo, useState } from 'react';
import { type Hex, numberToHex } from 'viem';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { QrImageField } from '@/components/QrImageField';
import { TransactionEffectsPanel } from '@/components/simulation/TransactionEffectsPanel';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { useSendingHeld, VerificationHold } from '@/components/VerificationHold';
import type { Network } from '@/core/chain/networks';
import { isCairnError } from '@/core/errors/base';
import { type Message, msg, untrustedValue } from '@/core/i18n/message';
import type { DecodedTx } from '@/core/offline/decodedTx';
import { checkForNetwork } from '@/core/offline/networkCheck';
import { decodeRawTransaction } from '@/core/offline/rawTx';
import type { UnsignedTransaction } from '@/core/simulation/types';
import { broadcastToNetwork } from '@/core/tx/broadcastRaw';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useReviewPreview } from '@/lib/send/useTransactionPreview';
import { useSelectedNetwork } from '@/lib/stores/session';
import { BroadcastStatus } from './BroadcastStatus';
import { DecodedTxView } from './DecodedTxView';
import styles from './sign.module.css';
import { useFocusOnMount } from './useFocusOnMount';

type Sent = { hash: Hex; alreadyKnown: boolean; network: Network };

/** The signed transaction as the preview simulates it: from its recovered sender, with its own gas, nonce and fees. */
function signedCall(decoded: DecodedTx): UnsignedTransaction {
  return {
    from: decoded.from,
    to: decoded.to,
    value: decoded.value,
    data: decoded.data,
    gas: decoded.gas,
    nonce: Number(decoded.nonce),
    gasPrice: decoded.gasPrice,
    maxFeePerGas: decoded.maxFeePerGas,
    maxPriorityFeePerGas: decoded.maxPriorityFeePerGas,
    accessList: decoded.accessList,
    authorizationList: decoded.authorizationList?.map((a) => ({
      chainId: Number(a.chainId),
      address: a.address,
      nonce: Number(a.nonce),
      yParity: a.yParity,
      r: numberToHex(a.r, { size: 32 }),
      s: numberToHex(a.s, { size: 32 }),
    })),
  };
}

/** Sends the bytes after checking that the node serves the selected network's chain. */
async function send(network: Network, raw: Hex) {
  const outcome = await broadcastToNetwork(network, raw);
  if (outcome.kind === 'refused' || outcome.kind === 'failed') throw outcome.error;
  return { hash: outcome.hash, alreadyKnown: outcome.kind === 'already-known' };
}

function sendFailure(error: unknown): Message {
  const reason = errorMessage(error);
  if (isCairnError(error) && error.code === 'CHAIN_TIMEOUT') return msg('sign:broadcast.mayHaveReached', { reason });
  return msg('sign:broadcast.notSent', { reason });
}

/**
 * Sends a transaction signed anywhere (Cairn offline, another wallet, a script): it is decoded
 * and every field shown with the recovered sender first, checked against the selected network's
 * chain id, and only then sent as is. Its receipt is followed until it is mined.
 */
export function BroadcastTool() {
  const t = useT('sign');
  const network = useSelectedNetwork();
  const networkName = untrustedValue(network.name, 'name');
  const [text, setText] = useState('');
  const [error, setError] = useState<Message | string>();
  const [decoded, setDecoded] = useState<DecodedTx>();
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<Message>();
  const [sent, setSent] = useState<Sent>();
  const check = decoded ? checkForNetwork(decoded, network.chainId, network.name) : undefined;
  const otherProblems = decoded && check && !check.ok ? decoded.problems.filter((p) => p !== check.refusal) : [];
  const tx = useMemo(() => (decoded && check?.ok ? signedCall(decoded) : undefined), [decoded, check?.ok]);
  const review = useReviewPreview(network, tx);
  // Proofs contradicted the node: the hold in place of the send button until acknowledged.
  const held = useSendingHeld(network);

  const decode = (event: FormEvent) => {
    event.preventDefault();
    setSendError(undefined);
    setSent(undefined);
    try {
      setDecoded(decodeRawTransaction(text));
      setError(undefined);
    } catch (e) {
      setDecoded(undefined);
      setError(errorMessage(e));
    }
  };

  const broadcast = async () => {
    if (!decoded || !check?.ok) return;
    setSending(true);
    setSendError(undefined);
    try {
      const result = await send(network, decoded.raw);
      setSent({ ...result, network });
    } catch (e) {
      setSendError(sendFailure(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.tool}>
      <form className={styles.tool} onSubmit={decode} noValidate aria-labelledby="broadcast-title">
        <h2 id="broadcast-title">{t('sign:broadcast.title')}</h2>
        <p className={ui.muted}>
          <T id="sign:broadcast.intro" values={{ network: networkName }} />
        </p>
        <Field label={t('sign:offline.signed.rawLabel')} hint={t('sign:broadcast.rawHint')} error={error}>
          <textarea
            rows={5}
            value={text}
            spellCheck={false}
            autoCapitalize="off"
            onChange={(e) => {
              setText(e.target.value);
              setDecoded(undefined);
              setSendError(undefined);
              setSent(undefined);
            }}
          />
        </Field>
        <QrImageField
          label={t('sign:broadcast.qr')}
          hint={t('sign:broadcast.qrHint')}
          onText={(raw) => {
            setText(raw);
            setDecoded(undefined);
            setSendError(undefined);
            setSent(undefined);
            return undefined;
          }}
        />
        <div className={ui.actions}>
          <button type="submit">{t('sign:broadcast.decode')}</button>
        </div>
      </form>

      {decoded && check && (
        <section className={styles.part} aria-labelledby="decoded-title">
          <DecodedHeading />
          <DecodedTxView decoded={decoded} network={network} />
          {tx && <TransactionEffectsPanel network={network} tx={tx} review={review} />}
          {check.warnings.length > 0 && (
            <div className={ui.noticeWarning}>
              <p>
                <strong>{t('sign:broadcast.beforeSending')}</strong>
              </p>
              <ul className={styles.list} aria-label={t('sign:broadcast.warnings')}>
                {check.warnings.map((warning, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the warnings of one decoded transaction, in a fixed order
                  <li key={index}>
                    <T message={warning} />
                  </li>
                ))}
              </ul>
            </div>
          )}
          {!check.ok && (
            <div role="alert" className={ui.noticeDanger} id="broadcast-refusal">
              <p>
                <T id="sign:broadcast.refused" values={{ refusal: check.refusal }} tags={{ 0: <strong /> }} />
              </p>
              {otherProblems.length > 0 && (
                <ul className={styles.list} aria-label={t('sign:broadcast.otherProblems')}>
                  {otherProblems.map((problem, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the problems of one decoded transaction, in a fixed order
                    <li key={index}>
                      <T message={problem} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {!sent && held && <VerificationHold network={network} />}
          {!sent && !held && (
            <div className={ui.actions}>
              <button
                type="button"
                disabled={!check.ok || sending || review.heldBack}
                aria-describedby={check.ok ? undefined : 'broadcast-refusal'}
                onClick={broadcast}
              >
                {sending ? t('sign:broadcast.sending') : t('sign:broadcast.send', { network: networkName })}
              </button>
              {check.ok && (
                <span className={ui.muted}>
                  {t('sign:broadcast.chainMatches', { chainId: String(network.chainId) })}
                </span>
              )}
            </div>
          )}
          <ErrorAlert message={sendError} />
        </section>
      )}

      {sent && <BroadcastStatus hash={sent.hash} alreadyKnown={sent.alreadyKnown} network={sent.network} />}
    </div>
  );
}

function DecodedHeading() {
  const t = useT('sign');
  const ref = useFocusOnMount<HTMLHeadingElement>();
  return (
    <h3 id="decoded-title" ref={ref} tabIndex={-1}>
      {t('sign:broadcast.decodedTitle')}
    </h3>
  );
}
