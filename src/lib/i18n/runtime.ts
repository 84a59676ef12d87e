// What a runtime of Cairn's catalogs offers (instance.ts makes one). Apart from the runtime, so
// that what reads the installed runtime (installed.ts, context.tsx) does not import its making.
import type { Message, MessageId, Namespace, ValuesOf } from '@/core/i18n/message';
import type { Locale } from './locales';
import type { DataValue } from './placeholders';

export type I18n = {
  /**
   * Loads namespaces in a language (default: the one shown). The same promise for the same
   * request, as React's `use` wants; it carries React's fulfilled mark once done (at once, if
   * they are loaded already), so a component that asks after loading does not suspend.
   */
  loadNamespaces(namespaces: readonly Namespace[], locale?: Locale): Promise<void>;
  /**
   * A part's code, loaded on demand, together with the catalogs it shows (in the language shown),
   * so it renders at once rather than suspending again for its words.
   */
  withNamespaces<M>(code: Promise<M>, namespaces: readonly Namespace[]): Promise<M>;
  /**
   * Shows Cairn in `locale`: loads in it every namespace asked for so far, core's and
   * `namespaces`, then switches at once, so the page changes language in one render. A later call
   * wins over an earlier one still loading. `coreLater` leaves core's out, for a first screen that
   * shows none of them: the page then loads them once that screen is up (with loadNamespaces).
   */
  showLocale(locale: Locale, namespaces?: readonly Namespace[], options?: { coreLater?: boolean }): Promise<void>;
  /** A message as plain text, for attributes, titles, files and the clipboard. */
  translate(message: Message | string): string;
  /** `translate(msg(id, values))`: the text of a message by id, typed like `msg`. */
  t<I extends MessageId>(id: I, ...values: ValuesOf<I>): string;
  /** The message's text with a placeholder for each value, and the values, for src/components/T.tsx. */
  formatMessage(message: Message): { text: string; data: DataValue[] };
  /** The language shown ('en' until the page has chosen). */
  activeLocale(): Locale;
  /** Counts the changes of what messages can be shown: a language, or catalogs that came after the first screen. */
  wordsVersion(): number;
  /** For useSyncExternalStore: called after each change of language or of the words shown. */
  subscribe(listener: () => void): () => void;
};
