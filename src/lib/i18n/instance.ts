// One runtime of Cairn's catalogs: which namespaces are loaded in which language, the language
// shown, the count of changes to the words shown, and turning a Message into words in it. The
// page makes one at start (see installed.ts) and hands it to React (context.tsx); a test may make
// its own. Lingui's core formats (plurals, numbers and dates through the browser's Intl); the
// catalogs come compiled, so no message parser is shipped.
import { setupI18n } from '@lingui/core';
import { type Message, msg, type Namespace } from '@/core/i18n/message';
import { CORE_NAMESPACES, isCore, loadMessages } from './catalogLoader';
import { dataText } from './dataText';
import { intlTag, type Locale, PSEUDO_DATA_CLOSE, PSEUDO_DATA_OPEN, PSEUDO_LOCALE } from './locales';
import { type DataValue, selectArguments, splitPlaceholders, withPlaceholders } from './placeholders';
import type { I18n } from './runtime';

type UsablePromise = Promise<void> & { status?: string; value?: unknown };

/** A promise React's `use` reads as done: namespaces loaded by other batches give one, so asking never suspends. */
function fulfilled(): UsablePromise {
  return Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
}

/**
 * A new runtime with nothing loaded, showing English until told otherwise. `strict` (the default
 * under test) makes showing a message whose catalog is not loaded throw, at the line that shows it.
 */
export function createI18n({ strict = import.meta.env.MODE === 'test' } = {}): I18n {
  let active: Locale = 'en';
  let words = 0;
  const listeners = new Set<() => void>();
  const loading = new Map<string, Promise<void>>();
  const ready = new Set<string>();
  const batches = new Map<string, UsablePromise>();
  let switches = 0;
  let latestSwitch: Promise<void> = Promise.resolve();
  /** The pseudo-locale's accents, once its code has loaded (it is not in the first screen). */
  let pseudoWords: ((text: string) => string) | undefined;

  const lingui = setupI18n({
    missing: (locale, id) => {
      // Core's words shown before they came (or after their load failed): asked for again; when
      // they are in, what shows them is shown again (loadOne).
      if (isCore(id)) void loadNamespaces(CORE_NAMESPACES, locale as Locale).catch(() => undefined);
      if (strict) throw new Error(`the message ${id} is not loaded in ${locale}`);
      return id;
    },
  });

  /** Catalogs the page showed without came in, or the language changed: what was shown is shown again. */
  function wordsArrived(): void {
    words++;
    for (const listener of [...listeners]) listener();
  }

  function loadOne(locale: Locale, namespace: Namespace): Promise<void> {
    const key = `${locale}/${namespace}`;
    let promise = loading.get(key);
    if (!promise) {
      promise = loadMessages(locale, namespace).then(
        ({ messages, pseudoText }) => {
          pseudoWords ??= pseudoText;
          lingui.load(locale, messages as Record<string, never>);
          ready.add(key);
          // Core's words can be shown before they are in (a first screen that leaves them for later).
          if (isCore(namespace) && locale === active) wordsArrived();
        },
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
    }
    return promise;
  }

  function pendingBatch(key: string, namespaces: readonly Namespace[], locale: Locale): UsablePromise {
    const created: UsablePromise = Promise.all(namespaces.map((ns) => loadOne(locale, ns))).then(() => {
      created.status = 'fulfilled';
      created.value = undefined;
    });
    created.catch(() => batches.delete(key));
    return created;
  }

  function loadNamespaces(namespaces: readonly Namespace[], locale: Locale = active): Promise<void> {
    const key = `${locale}|${[...new Set(namespaces)].sort().join(',')}`;
    let batch = batches.get(key);
    if (!batch) {
      const loaded = namespaces.every((ns) => ready.has(`${locale}/${ns}`));
      batch = loaded ? fulfilled() : pendingBatch(key, namespaces, locale);
      batches.set(key, batch);
    }
    return batch;
  }

  /**
   * The namespaces loaded or loading, in any language: a screen still waiting for its catalogs (or
   * a change of language still loading) when the language changes gets them in the new one too.
   */
  function askedSoFar(): Namespace[] {
    return [...new Set([...loading.keys()].map((key) => key.slice(key.indexOf('/') + 1) as Namespace))];
  }

  function showLocale(locale: Locale, namespaces: readonly Namespace[] = [], { coreLater = false } = {}) {
    const ticket = ++switches;
    const wanted = coreLater ? namespaces : [...CORE_NAMESPACES, ...namespaces];
    const shown = loadNamespaces([...new Set([...askedSoFar(), ...wanted])], locale).then(() => {
      // Overtaken: done when the later change is (the page starts only once a language is shown).
      if (ticket !== switches) return latestSwitch;
      lingui.activate(locale, [intlTag(locale)]);
      if (locale !== active) {
        active = locale;
        wordsArrived();
      }
      if (typeof document !== 'undefined') document.documentElement.lang = locale;
    });
    latestSwitch = shown;
    return shown;
  }

  /** Formatted text as the language shown has it: the pseudo-locale accents the words numbers and dates brought. */
  function inPseudo(text: string): string {
    return lingui.locale === PSEUDO_LOCALE && pseudoWords ? pseudoWords(text) : text;
  }

  /**
   * A message in the language shown, with its values put in: placeholders go through Lingui (so no
   * value can be read as message syntax or escapes), then each is replaced by its value's text.
   */
  function formatMessage(message: Message): { text: string; data: DataValue[] } {
    const compiled: unknown = lingui.messages[message.id];
    // A message with nothing to fill in is compiled to its text. Lingui's production build, which
    // has no compiler, would take such a string for an uncompiled message and warn on every call.
    if (typeof compiled === 'string') return { text: inPseudo(compiled), data: [] };
    const { values, data } = withPlaceholders(message.values, selectArguments(compiled));
    return { text: inPseudo(lingui._(message.id, values)), data };
  }

  function translate(message: Message | string): string {
    if (typeof message === 'string') return message;
    const { text, data } = formatMessage(message);
    // Plain text has no elements: a message's numbered tags (<0>…</0>) keep only their words.
    // The pseudo-locale marks each value, so a page scan can tell data from words left out of the catalogs.
    const value =
      lingui.locale === PSEUDO_LOCALE
        ? (text: string) => `${PSEUDO_DATA_OPEN}${text}${PSEUDO_DATA_CLOSE}`
        : (text: string) => text;
    return splitPlaceholders(text.replace(/<\/?\d+\/?>/g, ''))
      .map((part) => (typeof part === 'string' ? part : value(dataText(data[part.slot], translate, active))))
      .join('');
  }

  return {
    loadNamespaces,
    withNamespaces: (code, namespaces) => Promise.all([code, loadNamespaces(namespaces)]).then(([module]) => module),
    showLocale,
    translate,
    t: (id, ...values) => translate(msg(id, ...values)),
    formatMessage,
    activeLocale: () => active,
    wordsVersion: () => words,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
