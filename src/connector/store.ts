import { type CallsStatus, isSiteGrant, MESSAGE_TAG, type SiteGrant } from '../core/dapp/protocol';
import type { ConnectorWindow } from './types';

/**
 * The dApp origin's localStorage key for what Cairn granted it. One JSON value:
 * [Cairn's origin, the grant, the last `calls` message of the latest 20 batches].
 */
export const STORAGE_KEY = MESSAGE_TAG;

export type Stored = {
  grant?: SiteGrant | undefined;
  /** The last `calls` message per batch id. */
  calls: Map<string, CallsStatus>;
};

/**
 * What this origin was granted by the Cairn at `wallet` (its origin). Storage may be unavailable
 * (blocked, a sandboxed frame) or hold anything: then nothing was granted.
 */
export function loadStored(win: ConnectorWindow, wallet: string): Stored {
  try {
    const [origin, grant, calls]: [unknown, unknown, [string, CallsStatus][]] = JSON.parse(
      win.localStorage.getItem(STORAGE_KEY) as string,
    );
    if (origin === wallet && isSiteGrant(grant)) return { grant, calls: new Map(calls) };
  } catch {}
  return { calls: new Map() };
}

export function saveStored(win: ConnectorWindow, wallet: string, { grant, calls }: Stored): void {
  try {
    win.localStorage.setItem(STORAGE_KEY, JSON.stringify([wallet, grant, [...calls].slice(-20)]));
  } catch {}
}
