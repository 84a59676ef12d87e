import { useId, useState } from 'react';
import { SecretInput } from '@/components/SecretInput';
import ui from '@/components/ui.module.css';
import { PHRASE_WORD_COUNTS, splitPhrase } from '@/core/keys/phrase';
import { useT } from '@/lib/i18n';
import styles from './onboarding.module.css';

/**
 * A recovery phrase typed word by word or pasted whole (into any word field): one password
 * field per word. Pasting a whole phrase sets the word count to fit it.
 */
export function PhraseInput({
  words,
  onChange,
  invalidPosition,
}: {
  words: string[];
  onChange(words: string[]): void;
  /** 1-based position of a word to mark invalid. */
  invalidPosition?: number | undefined;
}) {
  const t = useT('onboarding');
  const countId = useId();
  const [shown, setShown] = useState(false);

  const setCount = (count: number) => {
    onChange(Array.from({ length: count }, (_, i) => words[i] ?? ''));
  };

  const paste = (index: number, text: string): boolean => {
    const pasted = splitPhrase(text);
    if (pasted.length < 2) return false;
    const needed = index + pasted.length;
    const count = PHRASE_WORD_COUNTS.find((c) => c >= needed) ?? Math.max(needed, words.length);
    const next = Array.from({ length: count }, (_, i) => words[i] ?? '');
    pasted.forEach((word, k) => {
      next[index + k] = word;
    });
    onChange(next);
    return true;
  };

  const type = (index: number, value: string) => {
    // Several words typed or dropped into one field are spread like a paste.
    if (/\s/.test(value.trim()) && paste(index, value)) return;
    onChange(words.map((w, k) => (k === index ? value.trim() : w)));
  };

  return (
    <div className={styles.step}>
      <div className={ui.actions}>
        <label htmlFor={countId}>{t('onboarding:phrase.wordCount')}</label>
        <select id={countId} value={words.length} onChange={(e) => setCount(Number(e.target.value))}>
          {PHRASE_WORD_COUNTS.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
        <button type="button" className={ui.secondary} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {t(shown ? 'onboarding:phrase.hideWords' : 'onboarding:phrase.showWords')}
        </button>
      </div>
      <p className={ui.muted}>{t('onboarding:phrase.hint')}</p>
      <ol className={styles.words}>
        {words.map((word, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity of a word field
          <li key={i}>
            <label className={styles.wordLabel} htmlFor={`${countId}-w${i}`}>
              {t('onboarding:word.label', { position: i + 1 })}
            </label>
            {shown ? (
              <input
                id={`${countId}-w${i}`}
                value={word}
                type="text"
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="off"
                autoCorrect="off"
                aria-invalid={invalidPosition === i + 1 ? true : undefined}
                onChange={(e) => type(i, e.target.value)}
                onPaste={(e) => paste(i, e.clipboardData.getData('text')) && e.preventDefault()}
              />
            ) : (
              <SecretInput
                id={`${countId}-w${i}`}
                revealable={false}
                value={word}
                aria-invalid={invalidPosition === i + 1 ? true : undefined}
                onChange={(e) => type(i, e.target.value)}
                onPaste={(e) => paste(i, e.clipboardData.getData('text')) && e.preventDefault()}
              />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
