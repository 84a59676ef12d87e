// What the person chose for a site, carried to the page's main world before any of the page's
// scripts run. Content scripts have no synchronous way to read the extension's storage, so each
// choice is a tiny file of its own, registered (background.ts) to run right before inpage.js on
// the sites it applies to; inpage.js takes it and removes it before the page can see it.

export type ExtensionFlags = {
  /** Cairn sets window.ethereum even when another wallet already did. */
  takeOver: boolean;
  /** MetaMask compatibility: the provider also says isMetaMask (metaMaskCompat.ts). */
  compat: boolean;
};

/**
 * The hosts whose plain http pages the extension runs in: this computer's, by the two names a local
 * server is opened at. Anywhere else, anyone on the network path could write a plain http page,
 * and so talk to the extension; https only there.
 */
export const PLAIN_HTTP_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

/** Every page the extension runs in (a pattern without a port matches every port). */
export const EVERY_PAGE: readonly string[] = [...PLAIN_HTTP_HOSTS.map((host) => `http://${host}/*`), 'https://*/*'];

/** Whether the extension runs in the pages at `url` (an origin or any URL): https, or plain http on this computer. */
export function inReach(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'https:' || (protocol === 'http:' && PLAIN_HTTP_HOSTS.includes(hostname));
  } catch {
    return false;
  }
}

/** The connector in the page's main world (inpage.ts), registered after the flags file. */
export const INPAGE_FILE = 'inpage.js';

/** Where a flags file leaves its choice for inpage.js, for the moment between the two. */
export const FLAGS_GLOBAL = '__cairnExtensionFlags';

/** What holds when no choice was made: keep another wallet's window.ethereum; MetaMask compatibility on. */
export const DEFAULT_FLAGS: ExtensionFlags = { takeOver: false, compat: true };

export const ALL_FLAGS: readonly ExtensionFlags[] = [false, true].flatMap((takeOver) =>
  [false, true].map((compat) => ({ takeOver, compat })),
);

export const flagsFile = ({ takeOver, compat }: ExtensionFlags): string =>
  `flags-${takeOver ? 'take' : 'keep'}-${compat ? 'compat' : 'plain'}.js`;

export const flagsSource = (flags: ExtensionFlags): string => `window.${FLAGS_GLOBAL}=${JSON.stringify(flags)};`;

/** Takes the choice a flags file left (and removes it); the defaults where none was left. */
export function takeFlags(win: object): ExtensionFlags {
  const left = Object(Reflect.get(win, FLAGS_GLOBAL));
  Reflect.deleteProperty(win, FLAGS_GLOBAL);
  return {
    takeOver: typeof left.takeOver === 'boolean' ? left.takeOver : DEFAULT_FLAGS.takeOver,
    compat: typeof left.compat === 'boolean' ? left.compat : DEFAULT_FLAGS.compat,
  };
}
