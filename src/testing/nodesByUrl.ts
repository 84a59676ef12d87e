// fetch for a document test with several networks: each network's RPC URL answered by a node of
// its own (a fakeSimulationNode's fetch, one that refuses, ...), so one network's node can fail,
// or answer for another chain, while another's answers.
import { TEST_RPC_URL } from './testWallet';

type Fetch = (url: unknown, init?: { body?: unknown }) => Promise<Response>;

/** A node that is not there: the connection is refused, as fetch says it in a browser. */
export const refusedNode: Fetch = () => Promise.reject(new TypeError('Failed to fetch'));

/**
 * fetch that answers a request by the node given for the first URL its address starts with, the
 * test wallet's local network (TEST_RPC_URL) by `local`, and any other address as refused.
 */
export function nodesByUrl(local: Fetch, nodes: Readonly<Record<string, Fetch>> = {}): Fetch {
  const routes: [string, Fetch][] = [[TEST_RPC_URL, local], ...Object.entries(nodes)];
  return (url, init) => {
    const address = url instanceof Request ? url.url : String(url);
    const node = routes.find(([prefix]) => address.startsWith(prefix))?.[1] ?? refusedNode;
    return node(url, init);
  };
}
