import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { VaultReplaceConsent } from '@/components/VaultReplaceConsent';
import type { Message } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useVaultSession } from '@/lib/vault/vault';

/**
 * A vault is saved here that this version cannot open (damaged, or made by a newer Cairn). It is
 * never overwritten as a side effect: the person keeps a copy and confirms in words first.
 */
export function UnreadableVault(props: {
  newer: boolean;
  /** Why it cannot be opened: a sentence (a Message, or the words of an older Cairn). */
  reason: Message | string | undefined;
  consented: boolean;
  onConsent(downloadedText: string): void;
}) {
  const t = useT('onboarding');
  const session = useVaultSession();
  const reason = props.reason ?? '';
  return (
    <section className={ui.stack} aria-labelledby="unreadable-title">
      <div role="alert" className={ui.noticeDanger}>
        <h2 id="unreadable-title">
          {t(props.newer ? 'onboarding:unreadable.title.newer' : 'onboarding:unreadable.title.damaged')}
        </h2>
        <p>
          <T
            id={props.newer ? 'onboarding:unreadable.body.newer' : 'onboarding:unreadable.body.damaged'}
            values={{ reason }}
          />
        </p>
      </div>
      {props.consented ? (
        <p role="status" className={ui.noticeWarning}>
          {t('onboarding:unreadable.consented')}
        </p>
      ) : (
        <>
          <p>{t('onboarding:unreadable.startAgain')}</p>
          <VaultReplaceConsent
            actionLabel={t('onboarding:unreadable.replace')}
            download={() => session.storedVaultText()}
            onConfirmed={props.onConsent}
          />
        </>
      )}
    </section>
  );
}
