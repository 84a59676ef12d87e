import { createContext, type ReactNode, useContext } from 'react';

/**
 * Paths to screens, for features that link to one another. The app builds them from its route
 * registry (app/paths.ts), so no feature types a path by hand.
 */
export type AppLinks = {
  activity: string;
  accounts: string;
  /** Add wallet: import a phrase, key or keystore, or watch an address, into the unlocked vault. */
  addWallet: string;
  addressBook: string;
  nfts: string;
  /** Managing tokens (add by address, bring back hidden ones) on a network (its id), else the header's; `add` puts focus in the address field. */
  tokens(networkId?: string, add?: boolean): string;
  /** Every approval the selected account has granted, and revoking them. */
  approvals: string;
  settings: string;
  historyExplorers: string;
  /** Settings → Networks: RPC URLs, and which networks may read all accounts together. */
  networks: string;
  send: string;
  swap: string;
  receive: string;
  sign: string;
  /** A transaction's page, on the network named (its id), else on the header's. */
  transaction(hash: string, networkId?: string): string;
  address(address: string): string;
  /** An account's smart-account screen: its EIP-7702 upgrade, or the undo. */
  smartAccount(address: string): string;
  /** A Safe account's screen: its owners, its kept Safe transactions, their confirmations and execution. */
  safe(address: string): string;
  /**
   * The Send screen with an asset chosen: 'native', a token address, or `${contract}:${tokenId}`
   * for an NFT; on the network given (its id), else the header's; from the account given (its id).
   */
  sendAsset(asset: string, networkId?: string, fromId?: string): string;
};

const Context = createContext<AppLinks | null>(null);

export function LinksProvider({ value, children }: { value: AppLinks; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useLinks(): AppLinks {
  const value = useContext(Context);
  if (!value) throw new Error('useLinks must be used inside <LinksProvider>');
  return value;
}
