// The connector a dApp includes to talk to Cairn (src/connector), built beside index.html as
// connect.js (a classic script: one IIFE that announces itself) and connect.mjs (an ES module).
// A build of its own (standaloneBundle.ts): it must stay small and free of packages.
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { isCairnPage } from './cairnPage.ts';
import { CONNECTOR_MODULE, CONNECTOR_SCRIPT } from './connectorFiles.ts';
import { bundleStandalone } from './standaloneBundle.ts';

export { CONNECTOR_MODULE, CONNECTOR_SCRIPT };
/**
 * connect.js is fetched by every page of every site that offers Cairn: 4 KB (4096 bytes) gzip at
 * most. It carries only the sentences of the errors it raises itself (the window's are in the
 * window), and imports its rarely used parts from connect.mjs when first needed (extras.ts).
 * Measured by `npm run bench -- connector`; the build warns above the budget.
 */
export const CONNECTOR_BUDGET_GZIP = 4096;

export type ConnectorFiles = Record<typeof CONNECTOR_SCRIPT | typeof CONNECTOR_MODULE, string>;

/** Builds both files in memory (a few hundred milliseconds). */
export async function buildConnector(): Promise<ConnectorFiles> {
  const [script, module] = await Promise.all([
    bundleStandalone('connector/script.ts', 'iife'),
    bundleStandalone('connector/index.ts', 'es'),
  ]);
  return { [CONNECTOR_SCRIPT]: script, [CONNECTOR_MODULE]: module };
}

export const gzipBytes = (code: string): number => gzipSync(code, { level: 9 }).length;

/** "connect.js 10.9 kB, 4.76 kB gzip (budget 4.10 kB)". */
export function describeSize(files: ConnectorFiles): string {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
  const script = files[CONNECTOR_SCRIPT];
  return `${CONNECTOR_SCRIPT} ${kb(script.length)}, ${kb(gzipBytes(script))} gzip (budget ${kb(CONNECTOR_BUDGET_GZIP)}); ${CONNECTOR_MODULE} ${kb(gzipBytes(files[CONNECTOR_MODULE]))} gzip`;
}

/**
 * Adds connect.js and connect.mjs to Cairn's build output (wherever --outDir puts it, and before
 * build-manifest.json hashes the files), and serves them from the dev server too.
 */
export function connectorFiles(): Plugin {
  let cairnPage = false;
  return {
    name: 'cairn-connector',
    configResolved(config) {
      cairnPage = isCairnPage(config);
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const file = request.url?.split('?')[0]?.slice(1);
        if (file !== CONNECTOR_SCRIPT && file !== CONNECTOR_MODULE) return next();
        try {
          // Built afresh on each request: the dev server follows edits to src/connector.
          const files = await buildConnector();
          response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          response.setHeader('Access-Control-Allow-Origin', '*');
          response.end(files[file]);
        } catch (error) {
          next(error);
        }
      });
    },
    async generateBundle() {
      if (!cairnPage) return;
      const files = await buildConnector();
      if (gzipBytes(files[CONNECTOR_SCRIPT]) > CONNECTOR_BUDGET_GZIP) this.warn(`over budget: ${describeSize(files)}`);
      else this.info(describeSize(files));
      for (const [fileName, source] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
