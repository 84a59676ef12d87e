import type { PlainMessageId } from '@/core/i18n/message';
import { resolveLocale, showLocale, t } from '@/lib/i18n';

/**
 * Shows the browser's language, with the shell's and core's catalogs loaded in it, for a page
 * that refuses to start (framed, insecure, no storage): none of the person's settings, their
 * choice of language among them, can be read there. A catalog that cannot be loaded leaves the
 * message ids to be shown, rather than nothing.
 */
export async function showBrowserLanguage(): Promise<void> {
  await showLocale(resolveLocale('browser', navigator.languages), ['common']).catch(() => undefined);
}

/** The words of a message for a page that refuses to start, in the browser's language (see showBrowserLanguage). */
export async function wordsBeforeStart(id: PlainMessageId): Promise<string> {
  await showBrowserLanguage();
  return t(id);
}
