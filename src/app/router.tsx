import { HashRouter, Route, Routes } from 'react-router';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { screens } from './paths';
import { RouteScreen } from './routes/screenModules';

/**
 * The screens, matched only once the vault is unlocked (Layout's gate shows set-up or unlock
 * before that, so the first screen of a cold start does no route matching).
 */
function ScreenRoutes() {
  return (
    <Routes>
      {screens.map((entry) => (
        <Route key={entry.id} path={entry.path} element={<RouteScreen entry={entry} />} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

/**
 * Hash routing keeps every screen reachable from any static host, under any sub-path, with no
 * server rewrite rules. Screens load their code when first shown (see RouteScreen). Declarative
 * routes: Cairn uses no loaders or actions, and the data router they need is 50 KB (16 KB gzip)
 * more to load before the first screen.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <Layout>
        <ScreenRoutes />
      </Layout>
    </HashRouter>
  );
}
