// EIP-6963: wallets announce themselves to the page with a detail {info, provider}. What they
// announce is untrusted: it is read here, checked for its shape, and Cairn's own connector is left out.
import { CAIRN_RDNS } from '../identity';
import { sameWord } from '../text/sameWord';
import type { Eip1193Provider } from './walletRequests';

/** A wallet as announced and checked: `name` is still untrusted text to show through untrustedLabel. */
export type WalletAnnouncement = { uuid: string; name: string; rdns: string; provider: Eip1193Provider };

const RDNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const NAME_LENGTH = 100;

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** The announcement in an eip6963:announceProvider event's detail, or undefined when it is not one (or is Cairn's). */
export function readAnnouncement(detail: unknown): WalletAnnouncement | undefined {
  const info = field(detail, 'info');
  const provider = field(detail, 'provider');
  const [uuid, name, rdns] = [field(info, 'uuid'), field(info, 'name'), field(info, 'rdns')];
  if (typeof uuid !== 'string' || !uuid) return undefined;
  if (typeof name !== 'string' || !name.trim() || name.length > NAME_LENGTH) return undefined;
  if (typeof rdns !== 'string' || !RDNS.test(rdns) || sameWord(rdns, CAIRN_RDNS)) return undefined;
  if (typeof field(provider, 'request') !== 'function') return undefined;
  return { uuid, name: name.trim(), rdns, provider: provider as Eip1193Provider };
}
