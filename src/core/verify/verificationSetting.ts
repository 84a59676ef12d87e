import { isHex } from 'viem';
import type { Network } from '../chain/networks';
import { checkedItems } from '../errors/settings';
import type { SyncedSetting } from '../settingDeclaration';
import { isRecord, isString } from '../text/guards';

/** What Cairn checks against proofs on a network: nothing, balances, or balances and previews. */
export type VerifyMode = 'off' | 'balances' | 'previews';

/**
 * Where the trusted header comes from (as stored: block numbers as decimal text): every RPC URL
 * agreeing, a block the person pinned, or a light client following the beacon chain from a
 * checkpoint through the person's beacon API.
 */
export type TrustChoice =
  | { kind: 'agreement' }
  | { kind: 'pinned'; number: string; hash: `0x${string}` }
  | { kind: 'lightClient'; beaconUrl: string; checkpoint: `0x${string}` };

export type NetworkVerification = { mode: VerifyMode; trust: TrustChoice };

/** The person's choices, per network id; a network not listed has its default (verificationOf). */
export type VerificationSettings = Record<string, NetworkVerification>;

/** The beacon chains a light client can follow, by the chain id of their execution chain. */
export const LIGHT_CLIENT_BEACONS: Readonly<Record<number, 'mainnet' | 'sepolia'>> = {
  1: 'mainnet',
  11155111: 'sepolia',
};

/** The chains a light client can follow: Ethereum and Sepolia. */
export const LIGHT_CLIENT_CHAINS: readonly number[] = Object.keys(LIGHT_CLIENT_BEACONS).map(Number);

const MODES: readonly string[] = ['off', 'balances', 'previews'];
const isHash = (value: unknown): value is `0x${string}` => isString(value) && isHex(value) && value.length === 66;

function isTrust(value: unknown): value is TrustChoice {
  if (!isRecord(value)) return false;
  if (value.kind === 'agreement') return true;
  if (value.kind === 'pinned') return isString(value.number) && /^\d+$/.test(value.number) && isHash(value.hash);
  if (value.kind === 'lightClient') return isString(value.beaconUrl) && isHash(value.checkpoint);
  return false;
}

const readChoice = (value: unknown): NetworkVerification | undefined =>
  isRecord(value) && isString(value.mode) && MODES.includes(value.mode) && isTrust(value.trust)
    ? { mode: value.mode as VerifyMode, trust: value.trust }
    : undefined;

/**
 * A network's verification: the person's choice, or by default balances checked by agreement
 * where there are two RPC URLs to agree, and on the local chain (`npm start` lists its node twice).
 */
export function verificationOf(settings: VerificationSettings, network: Network): NetworkVerification {
  const chosen = settings[network.id];
  if (chosen) return chosen;
  const on = network.rpcUrls.length >= 2 || network.kind === 'local';
  return { mode: on ? 'balances' : 'off', trust: { kind: 'agreement' } };
}

export const verificationSetting = {
  key: 'verification' as const,
  initial: {} as VerificationSettings,
  read: (stored: unknown, dropped?: Parameters<typeof checkedItems>[2]): VerificationSettings =>
    checkedItems('verification', (items) => items.record(stored, readChoice), dropped),
  actions: (change: (fn: (settings: VerificationSettings) => VerificationSettings) => void) => ({
    setVerification(networkId: string, choice: NetworkVerification): void {
      change((settings) => ({ ...settings, [networkId]: choice }));
    },
  }),
} satisfies SyncedSetting<'verification', VerificationSettings, object>;
