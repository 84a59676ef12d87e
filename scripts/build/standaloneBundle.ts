// A script built alone, outside Cairn's page build: none of the page's plugins (boot chunk,
// start-chunk guard, licences, CSP) apply to it, and it comes out as one self-contained file.
// Used for the connector dApps include (connectorBuild.ts) and the service worker
// (serviceWorkerBuild.ts).
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';
import { build, type Rolldown } from 'vite';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Bundles `entry` (a path under src/) into one file, in memory, minified by terser: these files
 * are fetched by every dApp page (connect.js has a 4 KB gzip budget), and terser's extra passes
 * take about 60 bytes gzip more off the connector than the bundler's own minifier.
 */
export async function bundleStandalone(
  entry: string,
  format: 'iife' | 'es',
  define: Record<string, string> = {},
): Promise<string> {
  const result = await build({
    configFile: false,
    define,
    root: projectRoot,
    logLevel: 'silent',
    publicDir: false,
    build: {
      write: false,
      target: 'es2020',
      minify: false,
      sourcemap: false,
      // An IIFE needs a name, though these export nothing and so define no global.
      lib: { entry: fileURLToPath(new URL(`../../src/${entry}`, import.meta.url)), formats: [format], name: 'cairn' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const [chunk] = chunks;
  if (chunks.length !== 1 || !chunk) throw new Error(`${entry} built into ${chunks.length} chunks, not one`);
  const minified = await minify(chunk.code, {
    ecma: 2020,
    module: format === 'es',
    compress: { passes: 3 },
    mangle: { toplevel: true },
  });
  if (minified.code === undefined) throw new Error(`terser returned nothing for ${entry}`);
  return minified.code;
}
