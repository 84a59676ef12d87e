/**
 * One JSON-RPC read for the page's provider, posted from the extension's isolated world: only to
 * an http(s) URL, only as a JSON POST. Answers the node's text, or undefined when it could not be
 * reached. The browser still applies CORS as for the page: the page gains no reach of its own.
 */
export async function postRead(fetch: typeof globalThis.fetch, url: string, body: string): Promise<string | undefined> {
  try {
    const { protocol } = new URL(url);
    if (protocol !== 'http:' && protocol !== 'https:') return undefined;
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    return await response.text();
  } catch {
    return undefined;
  }
}
