import type { AppLinks } from '@/lib/links';
import { pathTo, screen } from './paths';

/** The paths features link to, from the route registry. */
export const appLinks: AppLinks = {
  activity: screen('activity').path,
  accounts: screen('accounts').path,
  addWallet: screen('addWallet').path,
  addressBook: screen('addressBook').path,
  nfts: screen('nfts').path,
  tokens: (networkId, add) =>
    `${screen('tokens').path}?${new URLSearchParams({ ...(networkId ? { network: networkId } : {}), ...(add ? { add: '1' } : {}) })}`,
  approvals: screen('approvals').path,
  settings: screen('settings').path,
  historyExplorers: screen('settingsExplorers').path,
  networks: screen('settingsNetworks').path,
  send: screen('send').path,
  swap: screen('swap').path,
  receive: screen('receive').path,
  sign: screen('sign').path,
  transaction: (hash, networkId) =>
    `${pathTo('transaction', { hash })}${networkId ? `?${new URLSearchParams({ network: networkId })}` : ''}`,
  address: (address) => pathTo('address', { address }),
  smartAccount: (address) => pathTo('smartAccount', { address }),
  safe: (address) => pathTo('safe', { address }),
  sendAsset: (asset, networkId, fromId) =>
    `${screen('send').path}?${new URLSearchParams({ asset, ...(networkId ? { network: networkId } : {}), ...(fromId ? { from: fromId } : {}) })}`,
};
