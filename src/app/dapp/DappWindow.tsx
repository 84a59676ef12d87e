import { useState } from 'react';
import type { Handshake } from '@/core/dapp/windowHandshake';
import type { WalletParts } from '../startWallet';
import { connectSite } from './connectSite';
import { DappWindowGate } from './DappWindowGate';

/** The window once the handshake is over: the site's channel (made once), or why there is none. */
export function DappWindow({ wallet, site }: { wallet: WalletParts; site: Handshake }) {
  const [connection] = useState(() => (site.ok ? connectSite(wallet, site) : undefined));
  return <DappWindowGate connection={connection} failure={site.ok ? undefined : site.reason} />;
}
