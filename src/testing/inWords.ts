// Messages in words for tests: in the language shown, English unless a test shows another for a
// while (inLanguage). Every catalog is loaded (see englishMessages.ts).
import { isMessage, type Message } from '@/core/i18n/message';
import { installedI18n, type Locale, NAMESPACES, translate } from '@/lib/i18n';

/**
 * A message in words, in the language shown (English in tests); text passes through, undefined
 * stays undefined. Given anything else, every Message in it (in objects and arrays, at any depth)
 * is put in words, so a result can be compared whole.
 */
export function inWords(message: Message | string): string;
export function inWords(message: Message | string | undefined): string | undefined;
export function inWords(messages: readonly (Message | string)[]): string[];
export function inWords(value: unknown): unknown;
export function inWords(value: unknown): unknown {
  if (isMessage(value)) return translate(value);
  if (Array.isArray(value)) return value.map((item) => inWords(item));
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inWords(item)]));
  return value;
}

/**
 * Runs `check` with Cairn shown in `locale`, then shows English again whatever happens: test files
 * share one module graph, so a language left shown would leak into the next file.
 */
export async function inLanguage<T>(locale: Locale, check: () => T | Promise<T>): Promise<T> {
  const i18n = installedI18n();
  await i18n.showLocale(locale, NAMESPACES);
  try {
    return await check();
  } finally {
    await i18n.showLocale('en', NAMESPACES);
  }
}
