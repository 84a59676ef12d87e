import { useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { T } from '@/components/T';
import { UnknownWordError } from '@/core/errors/keys';
import type { Message } from '@/core/i18n/message';
import { type DerivedAddress, nfkdBytes, seedFromPhrase } from '@/core/keys/hd';
import { type ParsedPhrase, parsePhrase } from '@/core/keys/phrase';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { AccountPicker } from './AccountPicker';
import { FinishStep } from './FinishStep';
import { PassphraseChoice, type PassphraseState, passphraseProblem } from './PassphraseChoice';
import { PhraseInput } from './PhraseInput';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

export function ImportPhraseFlow({ mode, onDone, onCancel }: FlowProps) {
  const t = useT('onboarding');
  const [words, setWords] = useState<string[]>(Array(12).fill(''));
  const [passphrase, setPassphrase] = useState<PassphraseState>({ enabled: false, value: '', confirm: '' });
  const [attempted, setAttempted] = useState(false);
  const [problem, setProblem] = useState<{ text: Message | string; position?: number }>();
  const [busy, setBusy] = useState(false);
  const [parsed, setParsed] = useState<{ phrase: ParsedPhrase; seed: Uint8Array }>();
  const [chosen, setChosen] = useState<{ addresses: DerivedAddress[]; template: string }>();

  const check = async () => {
    setAttempted(true);
    if (passphraseProblem(passphrase, false)) return;
    setBusy(true);
    try {
      const phrase = await parsePhrase(words.join(' '));
      const seed = await seedFromPhrase(
        nfkdBytes(phrase.phrase),
        nfkdBytes(passphrase.enabled ? passphrase.value : ''),
      );
      setProblem(undefined);
      setParsed({ phrase, seed });
    } catch (error) {
      setProblem({
        text: errorMessage(error),
        ...(error instanceof UnknownWordError ? { position: error.position } : {}),
      });
    } finally {
      setBusy(false);
    }
  };

  if (!parsed) {
    return (
      <StepForm
        title={t('onboarding:importPhrase.title')}
        description={t('onboarding:importPhrase.description')}
        onContinue={check}
        busy={busy}
        busyLabel={t('onboarding:importPhrase.checking')}
        onBack={onCancel}
      >
        <PhraseInput words={words} onChange={setWords} invalidPosition={problem?.position} />
        {/* Under the words it is about, above the passphrase. */}
        <ErrorAlert message={problem?.text} />
        <PassphraseChoice value={passphrase} onChange={setPassphrase} showProblems={attempted} needsConfirm={false} />
      </StepForm>
    );
  }

  if (!chosen) {
    return <AccountPicker seed={parsed.seed} onConfirm={(addresses, template) => setChosen({ addresses, template })} />;
  }

  return (
    <FinishStep
      mode={mode}
      onDone={() => {
        parsed.seed.fill(0);
        onDone();
      }}
      summary={
        <T
          id={passphrase.enabled ? 'onboarding:importPhrase.summaryWithPassphrase' : 'onboarding:importPhrase.summary'}
          values={{ count: chosen.addresses.length }}
        />
      }
      prepare={async () => ({
        secret: {
          kind: 'phrase',
          phrase: nfkdBytes(parsed.phrase.phrase),
          passphrase: nfkdBytes(passphrase.enabled ? passphrase.value : ''),
          language: parsed.phrase.language,
          origin: 'imported-phrase',
          backedUp: true,
        },
        accounts: chosen.addresses.map((a) => ({
          address: a.address,
          source: { kind: 'hd' as const, template: chosen.template, index: a.index, path: a.path },
        })),
      })}
    />
  );
}
