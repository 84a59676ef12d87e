import { CodeText } from '@/components/CodeText';
import { CopyButton } from '@/components/CopyButton';
import ui from '@/components/ui.module.css';
import type { OfflineTx } from '@/core/offline/offlineTx';
import type { SignedOffline } from '@/core/offline/signOffline';
import { useT } from '@/lib/i18n';
import { SaveFileButton } from './SaveFileButton';
import { ScannableText } from './ScannableText';
import styles from './sign.module.css';
import { useFocusOnMount } from './useFocusOnMount';

/** The unsigned fields as a file, as text and as a QR code, for the device that holds the key. */
export function SavedFields({ saved }: { saved: { json: string } }) {
  const t = useT('sign');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className={ui.card} aria-labelledby="unsigned-fields-title">
      <h3 id="unsigned-fields-title" ref={heading} tabIndex={-1}>
        {t('sign:offline.saved.title')}
      </h3>
      <p>{t('sign:offline.saved.intro')}</p>
      <output aria-label={t('sign:offline.saved.jsonLabel')} className={styles.code}>
        <CodeText>{saved.json}</CodeText>
      </output>
      <div className={ui.actions}>
        <CopyButton value={saved.json} label={t('sign:offline.saved.copy')} />
      </div>
      <ScannableText value={saved.json} label={t('sign:offline.saved.qrLabel')} what="unsignedFields" />
    </section>
  );
}

/** The signed transaction: raw hex, hash, sender, as text, QR code and file. Nothing is sent. */
export function SignedOutput({ result, tx }: { result: SignedOffline; tx: OfflineTx }) {
  const t = useT('sign');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className={ui.card} aria-labelledby="signed-tx-title">
      <h3 id="signed-tx-title" ref={heading} tabIndex={-1}>
        {t('sign:offline.signed.title')}
      </h3>
      <p>{t('sign:offline.signed.intro')}</p>
      <dl className={styles.fields}>
        <dt>{t('sign:offline.signed.sender')}</dt>
        <dd className={styles.code}>
          <CodeText>{result.from}</CodeText>
        </dd>
        <dt>{t('sign:offline.fields.chainId')}</dt>
        <dd>{tx.chainId}</dd>
        <dt>{t('sign:offline.fields.nonce')}</dt>
        <dd>{tx.nonce}</dd>
        <dt>{t('sign:offline.signed.hash')}</dt>
        <dd className={styles.code}>
          <CodeText>{result.hash}</CodeText>
        </dd>
        <dt>{t('sign:offline.signed.size')}</dt>
        <dd>{t('sign:offline.signed.bytes', { count: (result.raw.length - 2) / 2 })}</dd>
      </dl>
      <output aria-label={t('sign:offline.signed.rawLabel')} className={styles.code}>
        <CodeText>{result.raw}</CodeText>
      </output>
      <div className={ui.actions}>
        <CopyButton value={result.raw} label={t('sign:offline.signed.copy')} />
        <SaveFileButton
          fileName={t('sign:offline.signed.fileName', { hash: result.hash.slice(2, 10) })}
          text={result.raw}
          type="text/plain"
          label={t('sign:offline.signed.download')}
        />
      </div>
      <ScannableText value={result.raw} label={t('sign:offline.signed.qrLabel')} what="signedTx" />
    </section>
  );
}
