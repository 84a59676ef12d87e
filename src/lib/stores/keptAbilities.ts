import { keccak256, stringToHex } from 'viem';
import { type KeptAbilities, keptAbilities, type NodeAbilities } from '@/core/simulation/probe';
import { isRecord } from '@/core/text/guards';

/**
 * Where what each node offers a preview (its probed strategy and block overrides, by nodeKey) is
 * kept between Cairn's windows and visits: this origin's localStorage, which every window shares
 * (a site's window opens afresh for each request, and would otherwise probe the node each time).
 * Each node under a hash of its key, not its URLs (which may hold a provider's API key): nothing
 * there names a node, only what some node answered. Read back through keptAbilities (shape and
 * age checked); a browser without storage keeps nothing.
 */
const STORAGE_KEY = 'cairn.previewNodes';

const storedKey = (node: string) => keccak256(stringToHex(`cairn.previewNodes:${node}`));

function readAll(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '{}');
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** The abilities kept for the node `key`, while they stand (see keptAbilities). */
export function readKeptAbilities(node: string, now = Date.now()): NodeAbilities | undefined {
  return keptAbilities(readAll()[storedKey(node)], now);
}

/** Keeps the node's abilities (undefined: forgets them, so the next window probes it again). */
export function keepAbilities(node: string, abilities: NodeAbilities | undefined, now = Date.now()): void {
  const key = storedKey(node);
  try {
    const all = readAll();
    // Only what still stands is kept: entries of nodes no longer used age out here.
    const kept: Record<string, KeptAbilities> = {};
    for (const [other, value] of Object.entries(all)) {
      if (other !== key && keptAbilities(value, now)) kept[other] = value as KeptAbilities;
    }
    if (abilities) kept[key] = { abilities, at: now };
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage refused or full: the node is probed again next time.
  }
}
