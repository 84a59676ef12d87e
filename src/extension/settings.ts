import { isSerialisedOrigin } from '../core/dapp/protocol.ts';
import { inReach } from './flags.ts';

/** A choice for every site, and the sites where the person chose the other way. */
export type SiteChoice = { all: boolean; except: string[] };

/** What the person set in the extension's options page (kept in chrome.storage.local). */
export type ExtensionSettings = {
  /** The Cairn the extension talks to: the folder of its index.html, with its final slash ('' for none yet). */
  wallet: string;
  /** Cairn sets window.ethereum even where another wallet already did. */
  takeOver: SiteChoice;
  /** MetaMask compatibility (metaMaskCompat.ts). */
  compat: SiteChoice;
};

/** The storage key of the settings. */
export const SETTINGS_KEY = 'settings';

declare const __CAIRN_EXTENSION_WALLET__: string | undefined;

/**
 * The Cairn the extension was built for (the build's CAIRN_EXTENSION_WALLET; `npm start` sets its
 * own address), or '' when the build named none: the person then gives it in the options page.
 */
export const BUILT_FOR: string = typeof __CAIRN_EXTENSION_WALLET__ === 'string' ? __CAIRN_EXTENSION_WALLET__ : '';

export const defaultSettings = (wallet = BUILT_FOR): ExtensionSettings => ({
  wallet,
  takeOver: { all: false, except: [] },
  compat: { all: true, except: [] },
});

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * Cairn's address as the person typed it: an http(s) URL of a folder (an origin, or an origin and
 * a path where Cairn is hosted below one), with no user name, query or fragment, and plain http
 * only on this computer (the extension's bridge must run in Cairn's window: flags.ts inReach).
 * Words come from the caller's catalog: `problem` is the key of the sentence.
 */
export function checkWallet(typed: string): Checked<string> {
  const text = typed.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'walletNotUrl' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'walletNotHttp' };
  if (!inReach(url.href)) return { ok: false, problem: 'walletPlainHttp' };
  if (url.username || url.password || url.search || url.hash || text.includes('#') || text.includes('?'))
    return { ok: false, problem: 'walletExtra' };
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return { ok: true, value: url.href };
}

/** One site per line, each an http(s) origin as the address bar shows it (no path), one the extension runs in. */
export function checkSites(typed: string): Checked<string[]> & { line?: string } {
  const sites: string[] = [];
  for (const line of typed.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    const origin = line.replace(/\/$/, '');
    if (!isSerialisedOrigin(origin)) return { ok: false, problem: 'siteNotOrigin', line };
    if (!inReach(origin)) return { ok: false, problem: 'siteOutOfReach', line };
    if (!sites.includes(origin)) sites.push(origin);
  }
  return { ok: true, value: sites };
}

/** Settings as stored, or the defaults for whatever is missing or malformed. */
export function readSettings(stored: unknown, wallet = BUILT_FOR): ExtensionSettings {
  const fallback = defaultSettings(wallet);
  const value = Object(stored);
  const choice = (given: unknown, base: SiteChoice): SiteChoice => {
    const c = Object(given);
    return typeof c.all === 'boolean' && Array.isArray(c.except) && c.except.every(isOrigin)
      ? { all: c.all, except: c.except }
      : base;
  };
  const checked = typeof value.wallet === 'string' ? checkWallet(value.wallet) : undefined;
  return {
    wallet: checked?.ok ? checked.value : fallback.wallet,
    takeOver: choice(value.takeOver, fallback.takeOver),
    compat: choice(value.compat, fallback.compat),
  };
}

const isOrigin = (value: unknown) => typeof value === 'string' && isSerialisedOrigin(value);

/** Whether `choice` holds on the site at `origin`. */
export const holdsOn = (choice: SiteChoice, origin: string): boolean => choice.all !== choice.except.includes(origin);
