import { lazy, Suspense, useState } from 'react';
import { AskedWords, answersAt, type WordAnswers } from '@/components/AskedWords';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { nfkdBytes, seedFromPhrase } from '@/core/keys/hd';
import { generatePhrase } from '@/core/keys/phrase';
import { firstWrongWord, pickWordPositions } from '@/core/keys/wordCheck';
import type { AccountSpec } from '@/core/vault/contentsOps';
import { useT } from '@/lib/i18n';
import { FinishStep } from './FinishStep';
import { firstAccountOf } from './firstAccount';
import styles from './onboarding.module.css';
import { PassphraseChoice, type PassphraseState, passphraseProblem } from './PassphraseChoice';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

type Step = 'length' | 'show' | 'passphrase' | 'confirm' | 'finish';

// Only a wallet made as shares needs the SLIP-0039 code.
const CreateSharesFlow = lazy(() => import('./CreateSharesFlow').then((m) => ({ default: m.CreateSharesFlow })));

export function CreateFlow({ mode, onDone, onCancel }: FlowProps) {
  const t = useT('onboarding');
  const [step, setStep] = useState<Step>('length');
  /** How the new wallet is backed up: a phrase, or shares for guardians (then CreateSharesFlow takes over). */
  const [backup, setBackup] = useState<'phrase' | 'shares'>('phrase');
  const [asShares, setAsShares] = useState(false);
  const [length, setLength] = useState<12 | 24>(12);
  const [phrase, setPhrase] = useState('');
  const [revealed, setRevealed] = useState(false);
  const [writtenDown, setWrittenDown] = useState(false);
  /** The person chose to write the phrase down later: no word check now, and a reminder until they do. */
  const [later, setLater] = useState(false);
  const [passphrase, setPassphrase] = useState<PassphraseState>({ enabled: false, value: '', confirm: '' });
  const [positions, setPositions] = useState<number[]>([]);
  const [answers, setAnswers] = useState<WordAnswers>({});
  const [attempted, setAttempted] = useState(false);
  /** The position (1-based) of the first word that does not match. */
  const [mismatch, setMismatch] = useState<number>();
  const words = phrase.split(' ');

  const generate = () => {
    const fresh = generatePhrase(length);
    setPhrase(fresh);
    setPositions(pickWordPositions(length));
    setStep('show');
  };

  if (asShares) {
    return (
      <Suspense fallback={<p>{t('onboarding:loading')}</p>}>
        <CreateSharesFlow mode={mode} onDone={onDone} onCancel={() => setAsShares(false)} />
      </Suspense>
    );
  }

  if (step === 'length') {
    return (
      <StepForm
        title={t('onboarding:create.title')}
        description={t('onboarding:create.description')}
        onContinue={backup === 'shares' ? () => setAsShares(true) : generate}
        continueLabel={backup === 'shares' ? t('onboarding:step.continue') : t('onboarding:create.continue')}
        onBack={onCancel}
      >
        <fieldset className={ui.choices}>
          <legend>{t('onboarding:create.backup.legend')}</legend>
          {(['phrase', 'shares'] as const).map((kind) => (
            <label key={kind} className={ui.checkbox}>
              <input type="radio" name="backup" checked={backup === kind} onChange={() => setBackup(kind)} />
              <span>
                {t(`onboarding:create.backup.${kind}`)}{' '}
                <span className={ui.muted}>{t(`onboarding:create.backup.${kind}Hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {backup === 'phrase' && (
          <fieldset className={ui.choices}>
            <legend>{t('onboarding:create.length.legend')}</legend>
            {([12, 24] as const).map((n) => (
              <label key={n} className={ui.checkbox}>
                <input type="radio" name="length" checked={length === n} onChange={() => setLength(n)} />
                <span>{t(n === 24 ? 'onboarding:create.length.words24' : 'onboarding:create.length.words12')}</span>
              </label>
            ))}
          </fieldset>
        )}
      </StepForm>
    );
  }

  if (step === 'show') {
    return (
      <StepForm
        title={t('onboarding:create.show.title')}
        error={attempted && !writtenDown ? t('onboarding:create.show.notWrittenDown') : undefined}
        onContinue={() => {
          setAttempted(true);
          if (writtenDown) {
            setAttempted(false);
            setStep('passphrase');
          }
        }}
        continueDisabled={!revealed}
        onBack={() => {
          setLater(true);
          setAttempted(false);
          setStep('passphrase');
        }}
        backLabel={t('onboarding:create.show.later')}
      >
        <p className={ui.noticeWarning}>{t('onboarding:create.show.warning', { count: words.length })}</p>
        {revealed ? (
          // Never offered to a translator: the words are the key.
          <ol
            className={`${styles.words} ${styles.shownWords}`}
            aria-label={t('onboarding:create.show.phraseLabel')}
            translate="no"
          >
            {words.map((word, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: positions identify the words
              <li key={i}>
                <span className={styles.wordLabel}>{i + 1}</span>
                <span>{word}</span>
              </li>
            ))}
          </ol>
        ) : (
          <div className={ui.actions}>
            <button type="button" onClick={() => setRevealed(true)}>
              {t('onboarding:create.show.reveal')}
            </button>
            <span className={ui.muted}>{t('onboarding:create.show.privacy')}</span>
          </div>
        )}
        <label className={ui.checkbox}>
          <input type="checkbox" checked={writtenDown} onChange={(e) => setWrittenDown(e.target.checked)} />
          <span>{t('onboarding:create.show.writtenDown', { count: words.length })}</span>
        </label>
      </StepForm>
    );
  }

  if (step === 'passphrase') {
    return (
      <StepForm
        title={t('onboarding:create.passphrase.title')}
        onContinue={() => {
          setAttempted(true);
          if (!passphraseProblem(passphrase)) {
            setAttempted(false);
            setStep(later ? 'finish' : 'confirm');
          }
        }}
      >
        {later && <p className={ui.noticeWarning}>{t('onboarding:create.passphrase.notBackedUp')}</p>}
        <PassphraseChoice value={passphrase} onChange={setPassphrase} showProblems={attempted} />
      </StepForm>
    );
  }

  if (step === 'confirm') {
    const check = () => {
      const wrong = firstWrongWord(words, positions, answersAt(positions, answers));
      setMismatch(wrong);
      if (wrong === undefined) setStep('finish');
    };
    return (
      <StepForm
        title={t('onboarding:create.confirm.title')}
        description={t('onboarding:create.confirm.description')}
        error={mismatch === undefined ? undefined : t('onboarding:create.confirm.mismatch', { position: mismatch })}
        onContinue={check}
        continueLabel={t('onboarding:create.confirm.continue')}
        onBack={() => {
          setRevealed(false);
          setStep('show');
        }}
        backLabel={t('onboarding:create.confirm.seeAgain')}
      >
        <AskedWords positions={positions} answers={answers} onChange={setAnswers} revealable />
      </StepForm>
    );
  }

  return (
    <FinishStep
      mode={mode}
      onDone={onDone}
      summary={
        <T
          id={passphrase.enabled ? 'onboarding:create.summaryWithPassphrase' : 'onboarding:create.summary'}
          values={{ count: words.length }}
        />
      }
      prepare={async () => {
        const phraseBytes = nfkdBytes(phrase);
        const passphraseBytes = nfkdBytes(passphrase.enabled ? passphrase.value : '');
        const seed = await seedFromPhrase(phraseBytes, passphraseBytes);
        let account: AccountSpec;
        try {
          account = firstAccountOf(seed);
        } finally {
          seed.fill(0);
        }
        return {
          secret: {
            kind: 'phrase',
            phrase: phraseBytes,
            passphrase: passphraseBytes,
            language: 'english',
            origin: 'created',
            backedUp: !later,
          },
          accounts: [account],
        };
      }}
    />
  );
}
