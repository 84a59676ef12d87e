import { HashRouter, Route, Routes } from 'react-router';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { screens } from './paths';
import { RouteScreen } from './routes/screenModules';

/**
 * Hash routing keeps every screen reachable from any static host, under any sub-path, with no
 * server rewrite rules. Screens load their code when first shown (see RouteScreen). Declarative
 * routes: Cairn uses no loaders or actions, and the data router they need is 50 KB (16 KB gzip)
 * more to load before the first screen.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <Routes>
        <Route path="/" element={<Layout />}>
          {screens.map((entry) => {
            const element = <RouteScreen key={entry.id} entry={entry} />;
            return entry.path === '/' ? (
              <Route key={entry.id} index element={element} />
            ) : (
              <Route key={entry.id} path={entry.path.slice(1)} element={element} />
            );
          })}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
