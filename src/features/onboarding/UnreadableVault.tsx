import ui from '@/components/ui.module.css';
import { VaultReplaceConsent } from '@/components/VaultReplaceConsent';
import { useVaultSession } from '@/lib/vault';

/**
 * A vault is saved here that this version cannot open (damaged, or made by a newer Cairn). It is
 * never overwritten as a side effect: the person keeps a copy and confirms in words first.
 */
export function UnreadableVault(props: {
  newer: boolean;
  reason: string | undefined;
  consented: boolean;
  onConsent(downloadedText: string): void;
}) {
  const session = useVaultSession();
  return (
    <section className={ui.stack} aria-labelledby="unreadable-title">
      <div role="alert" className={ui.noticeDanger}>
        <h2 id="unreadable-title">
          {props.newer
            ? 'The vault saved here was made by a newer version of Cairn'
            : 'The vault saved here is damaged and cannot be opened'}
        </h2>
        <p>
          {props.reason} Nothing has been changed.{' '}
          {props.newer ? 'Open Cairn’s newer version to use it, or download it to keep it.' : 'Download it to keep it.'}
        </p>
      </div>
      {props.consented ? (
        <p role="status" className={ui.noticeWarning}>
          Whatever you set up now replaces the vault saved here (you kept a copy).
        </p>
      ) : (
        <>
          <p>
            To start again here instead — restore a backup, import your recovery phrase or keys, or create a new wallet
            — the saved vault will be replaced.
          </p>
          <VaultReplaceConsent
            actionLabel="Replace the saved vault"
            download={() => session.storedVaultText()}
            onConfirmed={props.onConsent}
          />
        </>
      )}
    </section>
  );
}
