import { createHashRouter, type RouteObject } from 'react-router';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { type ScreenEntry, type ScreenId, screens } from './paths';

type ScreenModule = { default: React.ComponentType };

/** Screens that exist, loaded on demand. A screen without a loader is not built yet. */
const loaders: Partial<Record<ScreenId, () => Promise<ScreenModule>>> = {};

function route(entry: ScreenEntry): RouteObject {
  const path = entry.path === '/' ? undefined : entry.path.slice(1);
  const base = path === undefined ? { index: true as const } : { path };
  const load = loaders[entry.id];
  if (load) {
    return { ...base, lazy: async () => ({ Component: (await load()).default }) };
  }
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
      children: [
        ...screens.map(route),
        {
          path: '*',
          Component: NotFound,
        },
      ],
    },
  ]);
}
