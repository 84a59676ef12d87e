import ui from '@/components/ui.module.css';
import { originParts } from '@/core/dapp/siteOrigin';
import styles from './dapp.module.css';

/** A site's origin as people must read it: the host large, in punycode too, with plain http and odd ports called out. */
export function SiteOrigin({ origin }: { origin: string }) {
  const parts = originParts(origin);
  return (
    <div className={styles.origin}>
      <p className={styles.host}>
        <bdi dir="ltr">{parts.unicodeHost ?? parts.asciiHost}</bdi>
      </p>
      <p className={ui.muted}>
        <bdi dir="ltr">{origin}</bdi>
      </p>
      {parts.unicodeHost !== undefined && (
        <p className={ui.noticeWarning}>
          This address uses international letters; it is written <bdi dir="ltr">{parts.asciiHost}</bdi>. Check that it
          is the site you meant: look-alike letters are a common trick.
        </p>
      )}
      {parts.insecure && (
        <p className={ui.noticeDanger}>
          This site uses plain http: anyone on the network between you and it can change what it asks.
        </p>
      )}
      {parts.port !== undefined && (
        <p className={ui.noticeWarning}>The site runs on port {parts.port}, not the usual one.</p>
      )}
    </div>
  );
}
