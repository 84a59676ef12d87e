import { useId, useState } from 'react';
import { AnimatedUrCode } from '@/components/AnimatedUrCode';
import { CopyButton } from '@/components/CopyButton';
import { DisclosureButton } from '@/components/DisclosureButton';
import ui from '@/components/ui.module.css';
import type { PendingSafeTx } from '@/core/safe/pendingSafeTx';
import { encodeSafeTxFile, type SafeTxFile, safeTxLink } from '@/core/safe/safeTxFile';
import { safeTxUr } from '@/core/safe/safeTxUr';
import { downloadText } from '@/lib/browser/download';
import { useT } from '@/lib/i18n';

/** The kept transaction as it travels: the transaction, its Safe and chain, its hash, the offline signatures so far. */
export function travellingFile(pending: PendingSafeTx): SafeTxFile {
  const { chainId, safe, safeTxHash, tx, signatures } = pending;
  return { chainId, safe, safeTxHash, tx, signatures };
}

/**
 * Passing a kept transaction to the other owners without a server, with the signatures collected
 * so far: as a file, a `cairn:` link, or an (animated) QR code another Cairn scans.
 */
export function PassItOn({ pending }: { pending: PendingSafeTx }) {
  const t = useT('safe');
  const id = useId();
  const [qr, setQr] = useState(false);
  const file = travellingFile(pending);
  const name = `safe-tx-${pending.tx.nonce}-${pending.safeTxHash.slice(2, 10)}.json`;
  const count = file.signatures.length;
  return (
    <section className={ui.stack} aria-labelledby={id}>
      <h4 id={id}>{t('safe:share.title')}</h4>
      <p className={ui.flush}>{t('safe:share.body', { count })}</p>
      <div className={ui.actions}>
        <button type="button" className={ui.secondary} onClick={() => downloadText(name, encodeSafeTxFile(file))}>
          {t('safe:share.download')}
        </button>
        <CopyButton value={safeTxLink(file)} label={t('safe:share.copyLink')} />
        <DisclosureButton open={qr} onToggle={setQr} className={ui.secondary}>
          {qr ? t('safe:share.hideQr') : t('safe:share.showQr')}
        </DisclosureButton>
      </div>
      {qr && (
        <AnimatedUrCode
          key={`${pending.safeTxHash}-${count}`}
          ur={safeTxUr(file)}
          label={t('safe:share.qrLabel', { nonce: pending.tx.nonce.toString() })}
        />
      )}
    </section>
  );
}
