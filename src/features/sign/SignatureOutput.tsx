import { CopyButton } from '@/components/CopyButton';
import { LtrText } from '@/components/LtrText';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { codeValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import styles from './sign.module.css';

/** A finished signature: who signed, the 65-byte hex, and a copy button. */
export function SignatureOutput({ signature, signer }: { signature: string; signer: string }) {
  const t = useT('sign');
  return (
    <section className={ui.card} aria-labelledby="signature-title">
      <h2 id="signature-title">{t('sign:signature.title')}</h2>
      <p>
        <T
          id="sign:signature.signedBy"
          values={{ signer: codeValue(signer) }}
          tags={{ 0: <span className={styles.code} /> }}
        />
      </p>
      <output aria-label={t('sign:signature.title')} className={styles.code}>
        <LtrText>{signature}</LtrText>
      </output>
      <div className={ui.actions}>
        <CopyButton value={signature} label={t('sign:signature.copy')} />
      </div>
    </section>
  );
}
