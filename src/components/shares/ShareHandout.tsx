import { type FormEvent, useMemo, useState } from 'react';
import { AskedWords, answersAt, type WordAnswers } from '@/components/AskedWords';
import { ErrorAlert } from '@/components/ErrorAlert';
import ui from '@/components/ui.module.css';
import { type Message, msg } from '@/core/i18n/message';
import { firstWrongWord, pickWordPositions } from '@/core/keys/wordCheck';
import type { SharePlace, SplitRequest } from '@/core/vault/shareSplits';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { ShareSheet, type SharesOf, type ShareToHand } from './ShareSheet';
import styles from './shares.module.css';

/** Words of each share typed back before it counts as handed out. */
const WORDS_CHECKED = 3;

/** The shares of a set just made (one list of mnemonics per group), with when and as what. */
export type SharesToHand = { identifier: number; createdAt: number; shares: string[][] };

function sharesOf(made: SharesToHand, request: SplitRequest): ShareToHand[] {
  return made.shares.flatMap((group, groupIndex) =>
    group.map((mnemonic, memberIndex) => ({
      groupIndex,
      memberIndex,
      mnemonic,
      name: request.groups[groupIndex]?.guardians[memberIndex] ?? '',
    })),
  );
}

/**
 * The shares of a set just made, one at a time: each shown (words, QR code, printable sheet),
 * then checked by typing some of its words back, then noted as handed out by `onHandedOut`
 * (which may refuse by throwing). A wrong word is refused in place and nothing is recorded.
 */
export function ShareHandout(props: {
  made: SharesToHand;
  request: SplitRequest;
  wallet: Message;
  of: SharesOf;
  onHandedOut(place: SharePlace): Promise<void> | void;
  onDone(): void;
}) {
  const t = useT('shares');
  const shares = useMemo(() => sharesOf(props.made, props.request), [props.made, props.request]);
  const [index, setIndex] = useState(0);
  const [checking, setChecking] = useState(false);
  const [positions, setPositions] = useState<number[]>([]);
  const [answers, setAnswers] = useState<WordAnswers>({});
  const [error, setError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState<string>();
  const share = shares[index];
  const inGroups = props.request.groups.length > 1;

  if (!share) {
    return (
      <div className={ui.stack}>
        <p role="status">
          {confirmed && `${t('shares:confirmed', { name: confirmed })} `}
          {t('shares:done')}
        </p>
        <div className={ui.actions}>
          <button type="button" onClick={props.onDone}>
            {t('shares:finish')}
          </button>
        </div>
      </div>
    );
  }

  const words = share.mnemonic.split(' ');
  const count = props.request.groups[share.groupIndex]?.guardians.length ?? 0;
  const place = { member: share.memberIndex + 1, count, group: share.groupIndex + 1, name: share.name };

  const startCheck = () => {
    setPositions(pickWordPositions(words.length, WORDS_CHECKED));
    setAnswers({});
    setError(undefined);
    setChecking(true);
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = firstWrongWord(words, positions, answersAt(positions, answers));
    if (wrong !== undefined) {
      setError(msg('shares:confirm.wrong', { position: wrong }));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await props.onHandedOut({ groupIndex: share.groupIndex, memberIndex: share.memberIndex });
      setConfirmed(share.name);
      setChecking(false);
      setIndex((i) => i + 1);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={ui.stack} aria-labelledby="share-heading">
      {confirmed && (
        <p role="status" className={styles.noPrint}>
          {t('shares:confirmed', { name: confirmed })}
        </p>
      )}
      <h3 id="share-heading" className={styles.noPrint}>
        {inGroups ? t('shares:share.headingInGroup', place) : t('shares:share.heading', place)}
      </h3>
      {checking ? (
        <form className={ui.stack} onSubmit={check} noValidate aria-labelledby="check-heading">
          <h4 id="check-heading">{t('shares:confirm.title', place)}</h4>
          <p>{t('shares:confirm.description')}</p>
          <AskedWords positions={positions} answers={answers} onChange={setAnswers} />
          <ErrorAlert message={error} />
          <div className={ui.actions}>
            <button type="submit" disabled={busy}>
              {busy ? t('shares:confirm.checking') : t('shares:confirm.submit')}
            </button>
            <button type="button" className={ui.secondary} onClick={() => setChecking(false)}>
              {t('shares:confirm.seeAgain')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <ShareSheet
            share={share}
            request={props.request}
            identifier={props.made.identifier}
            wallet={props.wallet}
            madeAt={props.made.createdAt}
            of={props.of}
          />
          <div className={`${ui.actions} ${styles.noPrint}`}>
            <button type="button" className={ui.secondary} onClick={() => window.print()}>
              {t('shares:print')}
            </button>
            <button type="button" onClick={startCheck}>
              {t('shares:written')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
