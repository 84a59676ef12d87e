import { LtrText } from '@/components/LtrText';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { originParts } from '@/core/dapp/siteOrigin';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import styles from './dapp.module.css';

/**
 * A site's origin as people must read it: the host large (in ASCII when its own letters could pass
 * for another host's, with those letters in the warning), in punycode too, with plain http and odd
 * ports called out.
 */
export function SiteOrigin({ origin }: { origin: string }) {
  const t = useT('dapp');
  const parts = originParts(origin);
  return (
    <div className={styles.origin}>
      <p className={styles.host}>
        <LtrText>{parts.shownHost}</LtrText>
      </p>
      <p className={ui.muted}>
        <LtrText>{origin}</LtrText>
      </p>
      {parts.unicodeHost !== undefined && parts.spoofRisk !== undefined && (
        <p className={ui.noticeDanger}>
          <T
            id="dapp:origin.lookalike"
            values={{ unicode: untrustedValue(parts.unicodeHost, 'whole'), ascii: codeValue(parts.asciiHost) }}
          />
        </p>
      )}
      {parts.unicodeHost !== undefined && parts.spoofRisk === undefined && (
        <p className={ui.noticeWarning}>
          <T id="dapp:origin.international" values={{ ascii: codeValue(parts.asciiHost) }} />
        </p>
      )}
      {parts.insecure && <p className={ui.noticeDanger}>{t('dapp:origin.insecure')}</p>}
      {parts.port !== undefined && (
        <p className={ui.noticeWarning}>
          <T id="dapp:origin.port" values={{ port: codeValue(parts.port) }} />
        </p>
      )}
    </div>
  );
}
