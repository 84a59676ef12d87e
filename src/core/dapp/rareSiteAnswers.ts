// The answers from a site's grant that sites ask for now and then: EIP-2255's permissions and
// EIP-5792's capabilities and batch status, and the connector's refresh of a batch's status from
// the chain. Part of the method table (methodTable.ts) that connect.js leaves out: it imports them
// from connect.mjs when first needed (src/connector/extras.ts).
import { sameAddress } from '../keys/sameAddress';
import { type CallsStatus, type HexChainId, permissions, settledStatus } from './protocol';
import { CHAIN_DISCONNECTED, codedError, type ProviderError, UNAUTHORIZED, UNKNOWN_BUNDLE_ID } from './providerErrors';
import { connectorError, type RARE_ANSWERED, type SiteAnswerer, type SiteView } from './siteAnswers';

/**
 * eth_chainId or net_version asked by a site that is not connected and named no chain of its own:
 * in the window, or on a page of the companion extension, which names none (here, not in
 * siteAnswers.ts, so that connect.js, which always names one, does not carry the sentence).
 */
export const noSiteChainError = (): ProviderError =>
  codedError(UNAUTHORIZED, 'Connect to Cairn (eth_requestAccounts) before asking it for a chain.');

/** A read (`method`) asked by such a site: it has no chain to read yet. */
export const noSiteChainReadError = (method: string): ProviderError =>
  codedError(CHAIN_DISCONNECTED, `Connect to Cairn (eth_requestAccounts) before ${method}: no chain is yours yet.`);

/**
 * EIP-5792 for `[address, chainIds?]`: on every granted chain, the account's atomic capability as
 * Cairn's window last read it into the grant ('supported', 'ready'), else 'unsupported' (Cairn
 * sends a batch's calls one by one).
 */
function capabilities(view: SiteView, [address, wanted]: readonly unknown[]) {
  const grant = view.grant();
  // Not String(address): a site's object without a prototype has no text, and converting it throws.
  const asked = typeof address === 'string' ? address : undefined;
  if (!asked || !grant?.accounts.some((account) => sameAddress(account, asked))) return connectorError(UNAUTHORIZED);
  const result: Record<string, unknown> = {};
  for (const id in grant.chains) {
    if (Array.isArray(wanted) && !wanted.includes(id)) continue;
    // A stored grant may hold anything here: only the two values Cairn writes are taken.
    const status: unknown = Object(Object(grant.atomic)[id])[asked.toLowerCase()];
    result[id] = { atomic: { status: status === 'supported' || status === 'ready' ? status : 'unsupported' } };
  }
  return { result };
}

/** What wallet_getCallsStatus answers (EIP-5792): the batch's status without Cairn's own hashes. */
export const callsResult = ({ id, chainId, status, atomic, receipts }: CallsStatus) => ({
  version: '2.0.0',
  id,
  chainId,
  status,
  atomic,
  receipts,
});

export type RareAnswered = (typeof RARE_ANSWERED)[number];

export const RARE_SITE_ANSWERS: Record<RareAnswered, SiteAnswerer> = {
  wallet_getPermissions: (view) => ({ result: permissions(view.grant()?.accounts, view.origin) }),
  wallet_getCapabilities: capabilities,
  wallet_getCallsStatus: (view, [id]) => {
    const known = view.calls.get(id);
    return known ? { result: callsResult(known) } : connectorError(UNKNOWN_BUNDLE_ID);
  },
};

/** A read of the site's chain through the nodes the connector may use. */
export type ChainRead = (chainId: HexChainId, method: string, params: unknown[]) => Promise<unknown>;

/**
 * A batch the Cairn window left pending when it closed, followed on by its transactions'
 * receipts: nothing more will be sent for it. Once every hash sent has a receipt it is settled
 * (settledStatus: calls never sent count as not done).
 */
export async function followBatch(calls: CallsStatus, read: ChainRead): Promise<CallsStatus> {
  const { status, hashes, chainId } = calls;
  // A status stored by an older connector has no total: the calls it sent are all it knows of.
  const total = calls.total ?? hashes.length;
  if (status !== 100) return calls;
  const receipts = await Promise.all(hashes.map((hash) => read(chainId, 'eth_getTransactionReceipt', [hash])));
  if (receipts.includes(null)) return calls;
  return { ...calls, status: settledStatus(total, receipts), receipts };
}

/** What the connector keeps of a site that a refresh may bring up to date. */
export type RefreshView = {
  calls: { get(id: unknown): CallsStatus | undefined; set(id: string, calls: CallsStatus): unknown };
  read: ChainRead;
};

/**
 * Brings what the connector keeps up to date from the chain before it answers, while Cairn's
 * window is closed (an open window tells the connector itself); true when something was rewritten.
 */
export type SiteRefresher = (view: RefreshView, params: readonly unknown[]) => Promise<boolean>;

/** The methods whose answer the connector first refreshes from the chain (the table's `refresh`). */
export const SITE_REFRESHES: Partial<Record<RareAnswered, SiteRefresher>> = {
  // A pending batch is followed to its receipts (still pending if no node can say).
  wallet_getCallsStatus: async ({ calls, read }, [id]) => {
    const known = calls.get(id);
    if (!known) return false;
    calls.set(known.id, await followBatch(known, read).catch(() => known));
    return true;
  },
};
