import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import { useT } from '@/lib/i18n';

/** Words typed back, by their position (0-based) among the words written down. */
export type WordAnswers = Readonly<Record<number, string>>;

/** The answers in the order of `positions`, as `firstWrongWord` and the vault's drills take them. */
export function answersAt(positions: readonly number[], answers: WordAnswers): string[] {
  return positions.map((p) => answers[p] ?? '');
}

/**
 * A field for each word asked back from paper (a recovery phrase's or a share's), labelled by its
 * position as the person counts. Answers are kept by position, so words typed stay with their
 * place whatever positions are asked next.
 */
export function AskedWords({
  positions,
  answers,
  onChange,
  revealable = false,
}: {
  positions: readonly number[];
  answers: WordAnswers;
  onChange(next: WordAnswers): void;
  revealable?: boolean;
}) {
  const t = useT();
  return (
    <>
      {positions.map((position) => (
        <Field key={position} label={t('common:askedWord', { position: position + 1 })}>
          <SecretInput
            revealable={revealable}
            value={answers[position] ?? ''}
            onChange={(e) => onChange({ ...answers, [position]: e.target.value })}
          />
        </Field>
      ))}
    </>
  );
}
