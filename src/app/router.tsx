import { createHashRouter, type RouteObject } from 'react-router';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { type ScreenEntry, screens } from './paths';
import { RouteScreen } from './routes/screenModules';

function route(entry: ScreenEntry): RouteObject {
  const element = <RouteScreen key={entry.id} entry={entry} />;
  return entry.path === '/' ? { index: true, element } : { path: entry.path.slice(1), element };
}

/**
 * Hash routing keeps every screen reachable from any static host, under any sub-path, with no
 * server rewrite rules. Screens load their code when first shown (see RouteScreen).
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
