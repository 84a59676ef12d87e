import { describe, expect, it } from 'vitest';
import { untranslatedStrings } from './untranslatedStrings';

const found = (source: string) => untranslatedStrings('x.tsx', source).map((f) => f.text);

describe('words written in UI code', () => {
  it('finds JSX text and the strings of attributes a person reads', () => {
    expect(
      found(`export const A = () => (
        <section aria-label="Send">
          <h2>Review</h2>
          <input placeholder={'0x… or name'} title={\`Copy \${x}\`} />
          <img alt="logo" />
        </section>
      );`),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    ).toEqual(['Send', 'Review', '0x… or name', '`Copy ${x}`', 'logo']);
  });

  it('lets catalog text, data, punctuation and code-only props pass', () => {
    expect(
      found(`export const A = () => (
        <p className="intro" id="x" data-kind="amount" aria-label={t('send:title')}>
          {t('send:review.title')} — {address} ({count}) · →
          <T id="send:x" />
        </p>
      );`),
    ).toEqual([]);
  });
});
