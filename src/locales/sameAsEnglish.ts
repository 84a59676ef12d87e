// Messages whose translation is rightly the same words as English (names, codes, words the
// language shares), by locale. Anything else equal to English is taken for untranslated.
export const sameAsEnglish: Readonly<Record<string, ReadonlySet<string>>> = {
  de: new Set<string>([]),
  es: new Set<string>([]),
};
