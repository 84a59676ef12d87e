import { LtrText } from '@/components/LtrText';
import { QrCode } from '@/components/QrCode';
import { T } from '@/components/T';
import { type Message, msg } from '@/core/i18n/message';
import { type PhraseLanguage, phraseLanguageName } from '@/core/keys/wordlists';
import type { SplitRequest } from '@/core/vault/shareSplits';
import { useLocale, useT } from '@/lib/i18n';
import styles from './shares.module.css';
import type { SharesRestore } from './splitScheme';

/** One share to hand out: where it sits in the scheme, its guardian and its words. */
export type ShareToHand = { groupIndex: number; memberIndex: number; name: string; mnemonic: string };

/**
 * What the shares of one set hold, for the words of their sheets: a recovery phrase's entropy (in
 * the phrase's language), or a wallet's SLIP-0039 master secret; and whether the wallet has a
 * passphrase, which is not in the shares.
 */
export type SharesOf = { restores: SharesRestore; language?: PhraseLanguage | undefined; hasPassphrase: boolean };

/** How many shares restore, said for this share's place in the scheme. */
export function neededSentence(request: SplitRequest, share: ShareToHand, restores: SharesRestore): Message {
  const group = request.groups[share.groupIndex];
  const values = {
    threshold: group?.threshold ?? 0,
    count: group?.guardians.length ?? 0,
    member: share.memberIndex + 1,
    restores,
  };
  if (request.groups.length === 1) return msg('shares:sheet.needed', values);
  return msg('shares:sheet.neededInGroup', {
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
  of: SharesOf;
}) {
  const t = useT('shares');
  const locale = useLocale();
  const { share } = props;
  const { restores, language, hasPassphrase } = props.of;
  const words = share.mnemonic.split(' ');
  return (
    <article className={styles.sheet} aria-label={t('shares:sheet.title')}>
      <h3>{t('shares:sheet.title')}</h3>
      <p>
        <T
          message={msg('shares:sheet.whose', {
            name: share.name,
            wallet: props.wallet,
            when: new Date(props.madeAt),
            restores,
          })}
        />
      </p>
      <p>
        <T message={neededSentence(props.request, share, restores)} />{' '}
        {t('shares:sheet.set', { identifier: props.identifier })}
      </p>
      <p>{t('shares:sheet.alone', { restores })}</p>
      <p>{restores === 'phrase' ? t('shares:sheet.restore') : t('shares:sheet.restoreWallet')}</p>
      {language && language !== 'english' && (
        <p>{t('shares:sheet.language', { language: phraseLanguageName(language, locale) })}</p>
      )}
      {hasPassphrase && <p>{t('shares:sheet.passphrase')}</p>}
      <div className={styles.sheetBody}>
        {/* The words are never offered to a translator. */}
        <ol
          className={styles.words}
          aria-label={t('shares:share.words', { member: share.memberIndex + 1 })}
          translate="no"
        >
          {words.map((word, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a word is its position
            <li key={i}>
              <LtrText>{word}</LtrText>
            </li>
          ))}
        </ol>
        <QrCode value={share.mnemonic} label={t('shares:share.qr', { name: share.name })} size={200} />
      </div>
    </article>
  );
}
