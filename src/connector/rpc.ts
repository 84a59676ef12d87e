import { INTERNAL } from '../core/dapp/providerErrors';
import { fail, toRpcError } from './errors';

/**
 * One JSON-RPC read, through each URL in turn until a node answers: a node's JSON-RPC error is
 * passed through as it is; a node that cannot be reached, or answers something other than
 * JSON-RPC, makes the next URL tried. Nodes are named by host only: the rest of a URL may hold
 * its owner's API key.
 */
export async function readRpc(
  fetch: typeof globalThis.fetch,
  urls: readonly string[],
  method: string,
  params: unknown,
): Promise<unknown> {
  const hosts: string[] = [];
  for (const url of urls) {
    let answer: { result?: unknown; error?: unknown } = {};
    try {
      hosts.push(new URL(url).host);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      answer = Object(await response.json());
    } catch {}
    if (answer.error != null) throw toRpcError(answer.error);
    if ('result' in answer) return answer.result;
  }
  throw fail(INTERNAL, `No node answered: ${hosts.join(', ')}.`);
}
