// What a test wallet's Home asks the portfolio for on its selected network (the accounts it reads,
// the listed tokens and the price feeds), so a DOM test can put a snapshot and a balance check
// under the very query keys the screens read; and the refusal of the requests a closed wallet still
// has under way, so none reaches the network after the test.
import type { Hex } from 'viem';
import { vi } from 'vitest';
import { portfolioRequestFor, portfolioTokens } from '@/core/assets/catalogue';
import type { PortfolioRequest } from '@/core/assets/portfolio';
import type { PortfolioToken } from '@/core/assets/token';
import { accountsToRead } from '@/core/chain/networkConfig';
import type { Network } from '@/core/chain/networks';
import { selectedNetwork } from '@/core/session/sessionStore';
import type { TestWallet } from './testWallet';

export type WalletPortfolio = {
  network: Network;
  /** The listed token of that symbol (its address lower-cased is its key in snapshots and checks). */
  token(symbol: string): PortfolioToken;
  accounts: Hex[];
  request: PortfolioRequest & { accounts: Hex[]; tokens: Hex[] };
};

export function walletPortfolio(wallet: TestWallet): WalletPortfolio {
  const state = wallet.store.getState();
  const network = selectedNetwork(state);
  const vault = wallet.vault.store.getState();
  if (vault.status !== 'unlocked') throw new Error('the test wallet is locked');
  const selectedAddress = vault.accounts.find((a) => a.id === vault.selectedAccountId)?.address;
  const visible = vault.accounts.filter((a) => !a.hidden);
  const accounts = accountsToRead(network, state.networkConfig, visible, selectedAddress).map((a) => a.address as Hex);
  const listed = portfolioTokens(network, [], [], []);
  return {
    network,
    token(symbol) {
      const found = listed.find((t) => t.symbol === symbol);
      if (!found) throw new Error(`no ${symbol} on the ${network.name} list`);
      return found;
    },
    accounts,
    request: { ...portfolioRequestFor(network, accounts, []), accounts, tokens: listed.map((t) => t.address) },
  };
}

/**
 * From `refuse()` on, fetch answers every request with an error (what a closed screen still asks a
 * moment later never reaches the network); `restore()` brings the real fetch back once nothing has
 * asked for `quietMs`.
 */
export function lateRequestGuard(quietMs: number): { refuse(): void; restore(): Promise<void> } {
  let lastRequest = Date.now();
  return {
    refuse() {
      vi.stubGlobal('fetch', async () => {
        lastRequest = Date.now();
        return Response.json({ jsonrpc: '2.0', id: 0, error: { code: -32000, message: 'closed' } });
      });
    },
    async restore() {
      for (let waited = 0; Date.now() - lastRequest < quietMs && waited < 5_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      vi.unstubAllGlobals();
    },
  };
}
