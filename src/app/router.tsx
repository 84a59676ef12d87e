import type { ReactElement } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { type ScreenEntry, type ScreenId, screen, screens } from './paths';

/** Screens that exist, each loaded on demand with the props the app gives it. */
const elements: Partial<Record<ScreenId, () => Promise<ReactElement>>> = {
  portfolio: async () => {
    const { PortfolioScreen } = await import('@/features/portfolio/PortfolioScreen');
    return <PortfolioScreen />;
  },
  receive: async () => {
    const { ReceiveScreen } = await import('@/features/receive/ReceiveScreen');
    return <ReceiveScreen />;
  },
  settings: async () => {
    const { SettingsScreen } = await import('@/features/settings/SettingsScreen');
    return <SettingsScreen />;
  },
  accounts: async () => {
    const { AccountsScreen } = await import('@/features/accounts/AccountsScreen');
    return <AccountsScreen addPath={screen('addWallet').path} />;
  },
  addWallet: async () => {
    const { AddWalletRoute } = await import('./AddWalletRoute');
    return <AddWalletRoute />;
  },
};

function route(entry: ScreenEntry): RouteObject {
  const path = entry.path === '/' ? undefined : entry.path.slice(1);
  const base = path === undefined ? { index: true as const } : { path };
  const load = elements[entry.id];
  if (load) return { ...base, lazy: async () => ({ element: await load() }) };
  return {
    ...base,
    lazy: async () => {
      const { NotAvailableYet } = await import('@/components/NotAvailableYet');
      return {
        element: (
          <NotAvailableYet key={entry.id} title={entry.label} purpose={entry.purpose} plannedIn={entry.plannedIn} />
        ),
      };
    },
  };
}

/**
 * Hash routing keeps every screen reachable from any static host, under any sub-path, with no
 * server rewrite rules.
 */
export function createAppRouter() {
  return createHashRouter([
    {
      path: '/',
      element: <Layout />,
      children: [...screens.map(route), { path: '*', Component: NotFound }],
    },
  ]);
}
