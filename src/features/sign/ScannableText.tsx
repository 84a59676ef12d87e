import { encode } from 'uqr';
import { QrCode } from '@/components/QrCode';
import ui from '@/components/ui.module.css';
import { useT } from '@/lib/i18n';
import styles from './sign.module.css';

/**
 * The largest QR version shown: up to version 25 (117 modules, about 1,000 bytes at error
 * correction M) a phone still reads a code on a screen; denser codes are refused rather than
 * shown as a code nobody can scan.
 */
const MAX_QR_VERSION = 25;

/** The number of modules of the QR code for `text` (border included), or undefined when it does not fit. */
export function qrModules(text: string): number | undefined {
  try {
    return encode(text, { ecc: 'M', border: 4, maxVersion: MAX_QR_VERSION }).size;
  } catch {
    return undefined;
  }
}

/** What a QR code carries: the words for it differ (and agree differently) in each language. */
export type ScannableWhat = 'unsignedFields' | 'signedTx';

const WORDS = {
  unsignedFields: { tooLong: 'sign:qr.unsignedFields.tooLong', caption: 'sign:qr.unsignedFields.caption' },
  signedTx: { tooLong: 'sign:qr.signedTx.tooLong', caption: 'sign:qr.signedTx.caption' },
} as const;

/**
 * A QR code of `value` for a phone to carry, drawn large enough to scan (3 px per module at
 * least), or a sentence saying it is too long for one and to copy it instead.
 */
export function ScannableText({ value, label, what }: { value: string; label: string; what: ScannableWhat }) {
  const t = useT('sign');
  const modules = qrModules(value);
  if (modules === undefined) {
    return <p className={ui.muted}>{t(WORDS[what].tooLong, { count: value.length })}</p>;
  }
  return (
    <figure className={styles.qr}>
      <QrCode value={value} label={label} size={Math.max(220, modules * 3)} />
      <figcaption className={ui.muted}>{t(WORDS[what].caption)}</figcaption>
    </figure>
  );
}
