import { CopyButton } from '@/components/CopyButton';
import ui from '@/components/ui.module.css';
import type { OfflineTx } from '@/core/offline/offlineTx';
import type { SignedOffline } from '@/core/offline/signOffline';
import { SaveFileButton } from './SaveFileButton';
import { ScannableText } from './ScannableText';
import styles from './sign.module.css';
import { useFocusOnMount } from './useFocusOnMount';

/** The unsigned fields as a file, as text and as a QR code, for the device that holds the key. */
export function SavedFields({ saved }: { saved: { json: string } }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className={ui.card} aria-labelledby="unsigned-fields-title">
      <h3 id="unsigned-fields-title" ref={heading} tabIndex={-1}>
        Unsigned fields
      </h3>
      <p>
        Saved as a file; nothing is signed yet. Carry these fields to the device that holds the key (as the file, as
        text or with the QR code) and import them there.
      </p>
      <output aria-label="Unsigned fields (JSON)" className={styles.code}>
        {saved.json}
      </output>
      <div className={ui.actions}>
        <CopyButton value={saved.json} label="Copy unsigned fields" />
      </div>
      <ScannableText value={saved.json} label="QR code of the unsigned fields" what="unsigned fields" />
    </section>
  );
}

/** The signed transaction: raw hex, hash, sender, as text, QR code and file. Nothing is sent. */
export function SignedOutput({ result, tx }: { result: SignedOffline; tx: OfflineTx }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className={ui.card} aria-labelledby="signed-tx-title">
      <h3 id="signed-tx-title" ref={heading} tabIndex={-1}>
        Signed transaction
      </h3>
      <p>
        Signed offline; nothing was sent. Broadcast it from any online device: Cairn’s Broadcast tool, another wallet or
        a node.
      </p>
      <dl className={styles.fields}>
        <dt>Sender</dt>
        <dd className={styles.code}>{result.from}</dd>
        <dt>Chain id</dt>
        <dd>{tx.chainId}</dd>
        <dt>Nonce</dt>
        <dd>{tx.nonce}</dd>
        <dt>Transaction hash</dt>
        <dd className={styles.code}>{result.hash}</dd>
        <dt>Size</dt>
        <dd>{((result.raw.length - 2) / 2).toLocaleString('en-US')} bytes</dd>
      </dl>
      <output aria-label="Signed transaction (raw hex)" className={styles.code}>
        {result.raw}
      </output>
      <div className={ui.actions}>
        <CopyButton value={result.raw} label="Copy signed transaction" />
        <SaveFileButton
          fileName={`cairn-signed-tx-${result.hash.slice(2, 10)}.txt`}
          text={result.raw}
          type="text/plain"
          label="Download signed transaction"
        />
      </div>
      <ScannableText value={result.raw} label="QR code of the signed transaction" what="signed transaction" />
    </section>
  );
}
