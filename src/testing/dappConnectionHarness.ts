// A DappConnection on a fake port with fake surroundings, for the connection's unit tests: the
// site's permission and network live in `state`, and every message sent to the site is kept.
import { expect, vi } from 'vitest';
import { type ConnectionDeps, DappConnection } from '../core/dapp/connection';
import { type HexChainId, type PortMessage, type SiteGrant, toHexChainId } from '../core/dapp/protocol';
import type { SitePermission } from '../core/dapp/sites';

export const ORIGIN = 'https://app.example';
export const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
export const SEPOLIA = 11_155_111;
export const POLYGON = 137;

export const connectedSite = (): SitePermission => ({
  origin: ORIGIN,
  accounts: [ALICE],
  networkId: 'ethereum',
  networkIds: ['ethereum', 'sepolia'],
  ownNodeReads: false,
  name: 'Example',
  grantedAt: 1_000,
  lastUsed: 1_000,
});

export type Response = Extract<PortMessage, { type: 'response' }>;
export const isResponse = (m: PortMessage): m is Response => m.type === 'response';
export const resultOf = (m: Response | undefined) => (m && 'result' in m ? m.result : undefined);
export const errorOf = (m: Response | undefined) => (m && 'error' in m ? m.error : undefined);

/**
 * A connection on a fake port with fake surroundings: the site's permission and network live in
 * `state`, revoke drops the site, and switchToApproved switches to the chains in `approved`.
 */
export function harness(options: { site?: SitePermission | undefined; approved?: number[] } = {}) {
  const messages: PortMessage[] = [];
  const state: { site: SitePermission | undefined; chainId: HexChainId; now: number; unlocked: boolean } = {
    site: 'site' in options ? options.site : connectedSite(),
    chainId: '0x1',
    now: 10_000,
    unlocked: true,
  };
  const approved = new Set(options.approved ?? [SEPOLIA]);
  const deps = {
    site: vi.fn(() => state.site),
    grant: vi.fn(
      (): SiteGrant =>
        state.site
          ? {
              accounts: [...state.site.accounts],
              chainId: state.chainId,
              chains: { '0x1': ['https://rpc.example'], '0xaa36a7': [] },
            }
          : { accounts: [], chainId: state.chainId, chains: {} },
    ),
    unlocked: () => state.unlocked,
    revoke: vi.fn(() => {
      state.site = undefined;
    }),
    switchToApproved: vi.fn((chainId: number) => {
      if (!approved.has(chainId)) return false;
      state.chainId = toHexChainId(chainId);
      return true;
    }),
    onIdle: vi.fn(),
    now: () => state.now,
  } satisfies ConnectionDeps;
  const connection = new DappConnection(
    { postMessage: (message) => messages.push(message) },
    ORIGIN,
    { name: 'Example' },
    deps,
  );
  let nextId = 1;
  /** A request as the connector sends it: naming the chain it has the site on (the site's own unless given; null: none). */
  const send = (method: unknown, params?: unknown, id = nextId++, chainId: HexChainId | null = state.chainId) => {
    connection.receive({ type: 'request', id, method, params, ...(chainId ? { chainId } : {}) });
    return id;
  };
  const responses = () => messages.filter(isResponse);
  const responsesTo = (id: number) => responses().filter((m) => m.id === id);
  /** The one answer to `id`; fails when there is none or more than one. */
  const answer = (id: number) => {
    const all = responsesTo(id);
    expect(all, `answers to ${id}`).toHaveLength(1);
    return all[0];
  };
  const grants = () => messages.filter((m) => m.type === 'grant');
  const pending = () => connection.store.getState().pending;
  return { connection, messages, state, deps, send, responses, responsesTo, answer, grants, pending };
}
