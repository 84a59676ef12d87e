import { LtrText } from '@/components/LtrText';
import { QrCode } from '@/components/QrCode';
import { T } from '@/components/T';
import { type Message, msg } from '@/core/i18n/message';
import { type PhraseLanguage, phraseLanguageName } from '@/core/keys/wordlists';
import type { SplitRequest } from '@/core/vault/shareSplits';
import { useLocale, useT } from '@/lib/i18n';
import styles from './recovery.module.css';

/** One share to hand out: where it sits in the scheme, its guardian and its words. */
export type ShareToHand = { groupIndex: number; memberIndex: number; name: string; mnemonic: string };

/** How many shares restore, said for this share's place in the scheme. */
export function neededSentence(request: SplitRequest, share: ShareToHand): Message {
  const group = request.groups[share.groupIndex];
  const values = {
    threshold: group?.threshold ?? 0,
    count: group?.guardians.length ?? 0,
    member: share.memberIndex + 1,
  };
  if (request.groups.length === 1) return msg('settings:recovery.sheet.needed', values);
  return msg('settings:recovery.sheet.neededInGroup', {
    ...values,
    group: share.groupIndex + 1,
    groupThreshold: request.groupThreshold,
    groupCount: request.groups.length,
  });
}

/**
 * The share as it is handed out and printed: what it is, whose it is, how many are needed, that
 * it alone reveals nothing and what it restores; its words, numbered, and its QR code. The print
 * stylesheet prints this sheet alone.
 */
export function ShareSheet(props: {
  share: ShareToHand;
  request: SplitRequest;
  identifier: number;
  wallet: Message;
  madeAt: number;
  language: PhraseLanguage | undefined;
  hasPassphrase: boolean;
}) {
  const t = useT('settings');
  const locale = useLocale();
  const { share } = props;
  const words = share.mnemonic.split(' ');
  return (
    <article className={styles.sheet} aria-label={t('settings:recovery.sheet.title')}>
      <h3>{t('settings:recovery.sheet.title')}</h3>
      <p>
        <T
          message={msg('settings:recovery.sheet.whose', {
            name: share.name,
            wallet: props.wallet,
            when: new Date(props.madeAt),
          })}
        />
      </p>
      <p>
        <T message={neededSentence(props.request, share)} />{' '}
        {t('settings:recovery.sheet.set', { identifier: props.identifier })}
      </p>
      <p>{t('settings:recovery.sheet.alone')}</p>
      <p>{t('settings:recovery.sheet.restore')}</p>
      {props.language && props.language !== 'english' && (
        <p>{t('settings:recovery.sheet.language', { language: phraseLanguageName(props.language, locale) })}</p>
      )}
      {props.hasPassphrase && <p>{t('settings:recovery.sheet.passphrase')}</p>}
      <div className={styles.sheetBody}>
        {/* The words are never offered to a translator. */}
        <ol
          className={styles.words}
          aria-label={t('settings:recovery.share.words', { member: share.memberIndex + 1 })}
          translate="no"
        >
          {words.map((word, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a word is its position
            <li key={i}>
              <LtrText>{word}</LtrText>
            </li>
          ))}
        </ol>
        <QrCode value={share.mnemonic} label={t('settings:recovery.share.qr', { name: share.name })} size={200} />
      </div>
    </article>
  );
}
