import { CopyButton } from '@/components/CopyButton';
import ui from '@/components/ui.module.css';
import styles from './sign.module.css';

/** A finished signature: who signed, the 65-byte hex, and a copy button. */
export function SignatureOutput({ signature, signer }: { signature: string; signer: string }) {
  return (
    <section className={ui.card} aria-labelledby="signature-title">
      <h2 id="signature-title">Signature</h2>
      <p>
        Signed by <span className={styles.code}>{signer}</span>.
      </p>
      <output aria-label="Signature" className={styles.code}>
        {signature}
      </output>
      <div className={ui.actions}>
        <CopyButton value={signature} label="Copy signature" />
      </div>
    </section>
  );
}
