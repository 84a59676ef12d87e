import type { Message, PlainMessageId } from '@/core/i18n/message';
import { installedI18n, resolveLocale, t, translate } from '@/lib/i18n';

/**
 * The English of every message a page that refuses to start shows (framed, insecure, no storage),
 * built in: when its catalog cannot be loaded (offline, a chunk missing), these words are shown
 * rather than the message ids. The same words as the English catalogs (wordsBeforeStart.test.ts
 * checks that they do not drift apart).
 */
export const BUILT_IN_WORDS = {
  'common:start.framed':
    'Cairn does not run inside another page, so that no site can trick you into clicking in your wallet. Open Cairn in its own browser tab.',
  'common:start.insecure':
    'Cairn needs a secure page: open it over https (or from localhost). This browser withholds the cryptography Cairn uses to protect your keys on pages served over plain http.',
  'common:start.noStorage.title': 'Cairn cannot start in this browser window',
  'common:start.reload': 'Reload',
  'core.keys:storage.unavailable':
    'Cairn cannot open this browser’s storage for this site. Without it, keys you create or import would be lost when this window closes, so Cairn does not start. In a private window, open Cairn in a normal one; otherwise allow this site to store data, then reload.',
  'core.keys:storage.newerVersion':
    'This browser holds Cairn data saved by a newer version of Cairn, which this version cannot open. Nothing has been changed: open the newer version of Cairn you used before.',
} as const satisfies Partial<Record<PlainMessageId, string>>;

export type StartMessageId = keyof typeof BUILT_IN_WORDS;

function isStartMessageId(id: string): id is StartMessageId {
  return Object.hasOwn(BUILT_IN_WORDS, id);
}

/**
 * Shows the browser's language, with the shell's and core's catalogs loaded in it, for a page
 * that refuses to start (framed, insecure, no storage): none of the person's settings, their
 * choice of language among them, can be read there. A catalog that cannot be loaded leaves its
 * messages to the built-in English (see startWords).
 */
export async function showBrowserLanguage(): Promise<void> {
  await installedI18n()
    .showLocale(resolveLocale('browser', navigator.languages), ['common'])
    .catch(() => undefined);
}

/**
 * A start page's message in the language shown, or in the built-in English when its catalog is not
 * loaded (`say` then gives the id back, or throws as in tests).
 */
export function startWords(id: StartMessageId, say: (id: StartMessageId) => string = t): string {
  let text: string | undefined;
  try {
    text = say(id);
  } catch {
    text = undefined;
  }
  return text === undefined || text === id ? BUILT_IN_WORDS[id] : text;
}

/** startWords for a Message: one of the start pages' own (no values) falls back to English; any other is translated. */
export function startMessageWords(message: Message): string {
  return message.values === undefined && isStartMessageId(message.id) ? startWords(message.id) : translate(message);
}

/** The words of a message for a page that refuses to start, in the browser's language (see showBrowserLanguage). */
export async function wordsBeforeStart(id: StartMessageId): Promise<string> {
  await showBrowserLanguage();
  return startWords(id);
}
