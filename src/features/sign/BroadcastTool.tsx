import { type FormEvent, useMemo, useState } from 'react';
import { type Hex, numberToHex } from 'viem';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { QrImageField } from '@/components/QrImageField';
import { TransactionEffectsPanel } from '@/components/simulation/TransactionEffectsPanel';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { isCairnError } from '@/core/errors/base';
import type { DecodedTx } from '@/core/offline/decodedTx';
import { checkForNetwork } from '@/core/offline/networkCheck';
import { decodeRawTransaction } from '@/core/offline/rawTx';
import type { UnsignedTransaction } from '@/core/simulation/types';
import { broadcastToNetwork } from '@/core/tx/broadcastRaw';
import { errorText } from '@/lib/errorMessages';
import { useSelectedNetwork } from '@/lib/session';
import { useReviewPreview } from '@/lib/useTransactionPreview';
import { BroadcastStatus } from './BroadcastStatus';
import { DecodedTxView } from './DecodedTxView';
import styles from './sign.module.css';
import { useFocusOnMount } from './useFocusOnMount';

type Sent = { hash: Hex; alreadyKnown: boolean; network: Network };

/** The signed transaction as the preview simulates it: from its recovered sender, with its own gas and nonce. */
function signedCall(decoded: DecodedTx): UnsignedTransaction {
  return {
    from: decoded.from,
    to: decoded.to,
    value: decoded.value,
    data: decoded.data,
    gas: decoded.gas,
    nonce: Number(decoded.nonce),
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

function sendFailure(error: unknown): string {
  const sentence = errorText(error);
  if (isCairnError(error) && error.code === 'CHAIN_TIMEOUT') {
    return `${sentence} The transaction may have reached the node: sending the same bytes again is harmless.`;
  }
  return `${sentence} The transaction was not sent.`;
}

/**
 * Sends a transaction signed anywhere (Cairn offline, another wallet, a script): it is decoded
 * and every field shown with the recovered sender first, checked against the selected network's
 * chain id, and only then sent as is. Its receipt is followed until it is mined.
 */
export function BroadcastTool() {
  const network = useSelectedNetwork();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [decoded, setDecoded] = useState<DecodedTx>();
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string>();
  const [sent, setSent] = useState<Sent>();
  const check = decoded ? checkForNetwork(decoded, network.chainId, network.name) : undefined;
  const otherProblems = decoded && check && !check.ok ? decoded.problems.filter((p) => p !== check.refusal) : [];
  const tx = useMemo(() => (decoded && check?.ok ? signedCall(decoded) : undefined), [decoded, check?.ok]);
  const review = useReviewPreview(network, tx);

  const decode = (event: FormEvent) => {
    event.preventDefault();
    setSendError(undefined);
    setSent(undefined);
    try {
      setDecoded(decodeRawTransaction(text));
      setError(undefined);
    } catch (e) {
      setDecoded(undefined);
      setError(errorText(e));
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
        <h2 id="broadcast-title">Broadcast a signed transaction</h2>
        <p className={ui.muted}>
          Paste a raw signed transaction from any source. Cairn decodes it and shows every field and who signed it; it
          is sent to {network.name} only when you press Send, exactly as signed. Nothing here signs anything.
        </p>
        <Field
          label="Signed transaction (raw hex)"
          hint="0x followed by hex digits, as produced by “Sign offline” or another wallet."
          error={error}
        >
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
          label="Or read it from a photo of its QR code"
          hint="A photo or screenshot of the QR code shown after “Sign offline”."
          onText={(raw) => {
            setText(raw);
            setDecoded(undefined);
            setSendError(undefined);
            setSent(undefined);
            return undefined;
          }}
        />
        <div className={ui.actions}>
          <button type="submit">Decode</button>
        </div>
      </form>

      {decoded && check && (
        <section className={styles.part} aria-labelledby="decoded-title">
          <DecodedHeading />
          <DecodedTxView decoded={decoded} network={network} />
          {tx && (
            <TransactionEffectsPanel
              network={network}
              tx={tx}
              preview={review.preview}
              acknowledged={review.acknowledged}
              onAcknowledge={review.onAcknowledge}
            />
          )}
          {check.warnings.length > 0 && (
            <div className={ui.noticeWarning}>
              <p>
                <strong>Before you send it:</strong>
              </p>
              <ul className={styles.list} aria-label="Warnings">
                {check.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </div>
          )}
          {!check.ok && (
            <div role="alert" className={ui.noticeDanger} id="broadcast-refusal">
              <p>
                <strong>Cannot be sent:</strong> {check.refusal}
              </p>
              {otherProblems.length > 0 && (
                <ul className={styles.list} aria-label="Other problems">
                  {otherProblems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {!sent && (
            <div className={ui.actions}>
              <button
                type="button"
                disabled={!check.ok || sending || review.heldBack}
                aria-describedby={check.ok ? undefined : 'broadcast-refusal'}
                onClick={broadcast}
              >
                {sending ? 'Sending…' : `Send to ${network.name}`}
              </button>
              {check.ok && (
                <span className={ui.muted}>
                  Chain id {network.chainId} matches; the node’s chain id is checked again before sending.
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
  const ref = useFocusOnMount<HTMLHeadingElement>();
  return (
    <h3 id="decoded-title" ref={ref} tabIndex={-1}>
      What this transaction does
    </h3>
  );
}
