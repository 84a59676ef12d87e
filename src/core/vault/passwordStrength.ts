import type { PasswordEstimate, PasswordEstimator } from './passwordPolicy';

let loading: Promise<PasswordEstimator> | undefined;

/**
 * zxcvbn-ts with its common-password and English dictionaries. Several hundred kilobytes, so it
 * is loaded on demand (only screens that set a password need it).
 */
export function loadPasswordEstimator(): Promise<PasswordEstimator> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
    return (password: string, userInputs: string[]): PasswordEstimate => {
      const result = zxcvbn.check(password, userInputs);
      return {
        score: result.score,
        warning: result.feedback.warning || null,
        suggestions: result.feedback.suggestions,
      };
    };
  })();
  return loading;
}
