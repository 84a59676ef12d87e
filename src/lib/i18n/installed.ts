// The runtime the page shows its words with, installed once where the page starts (main.tsx,
// dappMain.tsx; the tests' setup, src/testing/englishMessages.ts). React reads it from context
// (context.tsx); code outside React (a title, a file, the clipboard, core's errors through
// renderMessage) reads it here.
import { type Message, type MessageId, type Namespace, setMessageRenderer, type ValuesOf } from '@/core/i18n/message';
import type { I18n } from './runtime';

let installed: I18n | undefined;

/** Makes `i18n` the page's: the words of `translate` and `t` here, and of core's `renderMessage`. */
export function installI18n(i18n: I18n): I18n {
  installed = i18n;
  setMessageRenderer(i18n.translate);
  return i18n;
}

/** The runtime installed at start. */
export function installedI18n(): I18n {
  if (!installed) throw new Error('no catalogs runtime is installed: the page calls installI18n where it starts');
  return installed;
}

/** A message as plain text, in the language shown, for attributes, titles, files and the clipboard. */
export function translate(message: Message | string): string {
  return installedI18n().translate(message);
}

/** `translate(msg(id, values))`: the text of a message by id, typed like `msg`. */
export function t<I extends MessageId>(id: I, ...values: ValuesOf<I>): string {
  return installedI18n().t(id, ...values);
}

/** A part's code, loaded on demand, with the catalogs it shows (see I18n.withNamespaces). */
export function withNamespaces<M>(code: Promise<M>, namespaces: readonly Namespace[]): Promise<M> {
  return installedI18n().withNamespaces(code, namespaces);
}
