import { useState } from 'react';
import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import ui from '@/components/ui.module.css';
import { DEFAULT_PATH_TEMPLATE, pathForIndex } from '@/core/keys/derivationPath';
import { deriveAddresses, nfkdBytes, seedFromPhrase } from '@/core/keys/hd';
import { generatePhrase } from '@/core/keys/phrase';
import { FinishStep } from './FinishStep';
import styles from './onboarding.module.css';
import { PassphraseChoice, type PassphraseState, passphraseProblem } from './PassphraseChoice';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

type Step = 'length' | 'show' | 'passphrase' | 'confirm' | 'finish';

/** Three distinct positions (0-based) chosen with the CSPRNG. */
function pickPositions(count: number): number[] {
  const picks = new Set<number>();
  const random = new Uint32Array(1);
  while (picks.size < 3) {
    crypto.getRandomValues(random);
    picks.add((random[0] ?? 0) % count);
  }
  return [...picks].sort((a, b) => a - b);
}

export function CreateFlow({ mode, onDone, onCancel }: FlowProps) {
  const [step, setStep] = useState<Step>('length');
  const [length, setLength] = useState<12 | 24>(12);
  const [phrase, setPhrase] = useState('');
  const [revealed, setRevealed] = useState(false);
  const [writtenDown, setWrittenDown] = useState(false);
  /** The person chose to write the phrase down later: no word check now, and a reminder until they do. */
  const [later, setLater] = useState(false);
  const [passphrase, setPassphrase] = useState<PassphraseState>({ enabled: false, value: '', confirm: '' });
  const [positions, setPositions] = useState<number[]>([]);
  const [answers, setAnswers] = useState<string[]>(['', '', '']);
  const [attempted, setAttempted] = useState(false);
  const [mismatch, setMismatch] = useState<string>();
  const words = phrase.split(' ');

  const generate = () => {
    const fresh = generatePhrase(length);
    setPhrase(fresh);
    setPositions(pickPositions(length));
    setStep('show');
  };

  if (step === 'length') {
    return (
      <StepForm
        title="Create a new wallet"
        description="Cairn will make a new recovery phrase on this device. The phrase is the wallet: anyone who has it has your funds, and without it (and this device) they cannot be recovered."
        onContinue={generate}
        continueLabel="Create recovery phrase"
        onBack={onCancel}
      >
        <fieldset className={ui.choices}>
          <legend>Length of the recovery phrase</legend>
          {([12, 24] as const).map((n) => (
            <label key={n} className={ui.checkbox}>
              <input type="radio" name="length" checked={length === n} onChange={() => setLength(n)} />
              <span>
                {n} words{n === 24 ? ' (256-bit)' : ' (128-bit, the usual choice)'}
              </span>
            </label>
          ))}
        </fieldset>
      </StepForm>
    );
  }

  if (step === 'show') {
    return (
      <StepForm
        title="Write down your recovery phrase"
        error={
          attempted && !writtenDown
            ? 'Write the phrase down first: you will be asked for three of its words.'
            : undefined
        }
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
        backLabel="Back up later"
      >
        <p className={ui.noticeWarning}>
          Write these {words.length} words on paper, in order, and keep it somewhere safe and private. Do not take a
          screenshot or store it online. Cairn will never ask for it except to restore a wallet.
        </p>
        {revealed ? (
          <ol className={`${styles.words} ${styles.shownWords}`} aria-label="Recovery phrase">
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
              Reveal recovery phrase
            </button>
            <span className={ui.muted}>Make sure nobody can see your screen.</span>
          </div>
        )}
        <label className={ui.checkbox}>
          <input type="checkbox" checked={writtenDown} onChange={(e) => setWrittenDown(e.target.checked)} />
          <span>I have written down the {words.length} words in order.</span>
        </label>
      </StepForm>
    );
  }

  if (step === 'passphrase') {
    return (
      <StepForm
        title="Optional: add a passphrase"
        onContinue={() => {
          setAttempted(true);
          if (!passphraseProblem(passphrase)) {
            setAttempted(false);
            setStep(later ? 'finish' : 'confirm');
          }
        }}
      >
        {later && (
          <p className={ui.noticeWarning}>
            Until you write the phrase down (Accounts → Show recovery phrase) or save an encrypted backup, the only copy
            of this wallet is in this browser. Cairn will remind you.
          </p>
        )}
        <PassphraseChoice value={passphrase} onChange={setPassphrase} showProblems={attempted} />
      </StepForm>
    );
  }

  if (step === 'confirm') {
    const check = () => {
      const wrong = positions.findIndex((p, k) => (answers[k] ?? '').trim().toLowerCase() !== words[p]);
      if (wrong === -1) {
        setMismatch(undefined);
        setStep('finish');
      } else {
        setMismatch(
          `Word ${(positions[wrong] ?? 0) + 1} does not match your recovery phrase. Check what you wrote down.`,
        );
      }
    };
    return (
      <StepForm
        title="Confirm your backup"
        description="Enter these words from the phrase you wrote down."
        error={mismatch}
        onContinue={check}
        continueLabel="Confirm"
        onBack={() => {
          setRevealed(false);
          setStep('show');
        }}
        backLabel="See the phrase again"
      >
        {positions.map((position, k) => (
          <Field key={position} label={`Word ${position + 1}`}>
            <SecretInput
              value={answers[k] ?? ''}
              onChange={(e) => setAnswers(answers.map((a, j) => (j === k ? e.target.value : a)))}
            />
          </Field>
        ))}
      </StepForm>
    );
  }

  return (
    <FinishStep
      mode={mode}
      onDone={onDone}
      summary={`Your new ${words.length}-word wallet${passphrase.enabled ? ' with its passphrase' : ''} and its first account.`}
      prepare={async () => {
        const phraseBytes = nfkdBytes(phrase);
        const passphraseBytes = nfkdBytes(passphrase.enabled ? passphrase.value : '');
        const seed = await seedFromPhrase(phraseBytes, passphraseBytes);
        const [first] = deriveAddresses(seed, DEFAULT_PATH_TEMPLATE, 0, 1);
        seed.fill(0);
        if (!first) throw new Error('no address derived');
        return {
          secret: {
            kind: 'phrase',
            phrase: phraseBytes,
            passphrase: passphraseBytes,
            language: 'english',
            origin: 'created',
            backedUp: !later,
          },
          accounts: [
            {
              address: first.address,
              source: {
                kind: 'hd',
                template: DEFAULT_PATH_TEMPLATE,
                index: 0,
                path: pathForIndex(DEFAULT_PATH_TEMPLATE, 0),
              },
            },
          ],
        };
      }}
    />
  );
}
