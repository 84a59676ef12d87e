// The sample dApp (examples/dapp) for end-to-end specs: its build from e2e/globalSetup.ts, served
// on a free port of 127.0.0.1 (so another origin than the wallet's) with `walletUrl` written
// into its pages. Start it twice for two dApp origins (say, a hostile page claiming the other's).

import { startSampleDappServer } from '../../scripts/serve/example-server.ts';
import { findFreePort } from '../../scripts/serve/ports.ts';
import { e2eSampleDappDir } from './paths.ts';

export type SampleDapp = {
  /** The sample dApp itself (index.html), ending in "/". */
  url: string;
  /** The other pages of the same server. */
  pages: {
    /** The sample dApp sent with Cross-Origin-Opener-Policy: same-origin. */
    coop: string;
    /** The sample dApp sent with Cross-Origin-Opener-Policy: same-origin-allow-popups. */
    coopAllowPopups: string;
    /** Opens Cairn claiming another origin (`?claim=<origin>`) and forges the handshake. */
    hostile: string;
    /** Puts Cairn's dApp window in an iframe and forges the handshake into it. */
    frame: string;
    /** A dApp written for MetaMask: window.ethereum only, buttons gated on isMetaMask. */
    legacy: string;
  };
  close(): Promise<void>;
};

export type SampleDappOptions = {
  /** Extra or replaced headers on every response; an empty value removes one. */
  headers?: Record<string, string>;
  /** false: served without Cairn's connect.js (a dApp reached through the extension). */
  connector?: boolean;
};

/** Serves the built sample dApp for the wallet at `walletUrl` (an environment's `server.url`). */
export async function startSampleDapp(walletUrl: string, options: SampleDappOptions = {}): Promise<SampleDapp> {
  const server = await startSampleDappServer({
    root: e2eSampleDappDir,
    port: await findFreePort(),
    walletUrl,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.connector === false ? { connector: false } : {}),
  });
  const page = (file: string) => new URL(file, server.url).href;
  return {
    url: server.url,
    pages: {
      coop: page('coop.html'),
      coopAllowPopups: page('coop-allow-popups.html'),
      hostile: page('hostile.html'),
      frame: page('frame.html'),
      legacy: page('legacy.html'),
    },
    close: () => server.close(),
  };
}
