// Where each catalog's code is: one chunk per language and namespace (src/locales/<locale>/
// <namespace>.json, compiled by scripts/build/catalogPlugin.ts), so a page loads only the language it
// shows, and of it only the parts it shows.
import type { Namespace } from '@/core/i18n/message';
import { catalogSource, type Locale, PSEUDO_LOCALE } from './locales';

export type CompiledMessages = Readonly<Record<string, string | readonly unknown[]>>;

const chunks = import.meta.glob<CompiledMessages>('/src/locales/*/*.json', { import: 'default' });

function chunkOf(locale: string, namespace: string): (() => Promise<CompiledMessages>) | undefined {
  return chunks[`/src/locales/${locale}/${namespace}.json`];
}

/** Every namespace the English catalogs have. */
export const NAMESPACES: readonly Namespace[] = Object.keys(chunks)
  .filter((path) => path.startsWith('/src/locales/en/'))
  .map((path) => path.slice('/src/locales/en/'.length, -'.json'.length) as Namespace)
  .sort();

/** Whether a namespace (or a message id) is core's: errors, refusals, findings, which any screen may show. */
export function isCore(namespaceOrId: string): boolean {
  return namespaceOrId.startsWith('core.');
}

/** The namespaces of core's messages. */
export const CORE_NAMESPACES: readonly Namespace[] = NAMESPACES.filter(isCore);

/**
 * A namespace's messages in a language (the pseudo-locale is made from English), and for the
 * pseudo-locale its accents, which the runtime applies to the words numbers and dates bring in.
 */
export async function loadMessages(
  locale: Locale,
  namespace: Namespace,
): Promise<{ messages: CompiledMessages; pseudoText?: (text: string) => string }> {
  const source = catalogSource(locale);
  const chunk = chunkOf(source, namespace);
  if (!chunk) throw new Error(`no catalog ${source}/${namespace}.json`);
  if (locale !== PSEUDO_LOCALE) return { messages: await chunk() };
  const [messages, pseudo] = await Promise.all([chunk(), import('./pseudo')]);
  return { messages: pseudo.pseudoCatalog(messages), pseudoText: pseudo.pseudoText };
}
