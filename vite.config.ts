import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { buildFacts } from './scripts/build/buildFacts.ts';
import { buildHash } from './scripts/build/buildHash.ts';
import { signingKeysFromEnv, unsignedAsked } from './scripts/build/buildSigning.ts';
import { licenceList } from './scripts/build/bundleLicences.ts';
import { isCairnPage } from './scripts/build/cairnPage.ts';
import { catalogPlugin } from './scripts/build/catalogPlugin.ts';
import { connectorFiles } from './scripts/build/connectorBuild.ts';
import { extensionFiles } from './scripts/build/extensionBuild.ts';
import { firstScreenShells } from './scripts/build/firstScreenShells.ts';
import { serviceWorkerFile } from './scripts/build/serviceWorkerBuild.ts';
import { metaContentSecurityPolicy } from './src/core/build/securityHeaders.ts';

/** Adds the Content-Security-Policy to the built index.html (not in dev: HMR needs inline code). */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'cairn-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: metaContentSecurityPolicy },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const bootModule = fileURLToPath(new URL('./src/app/boot.ts', import.meta.url));
/** boot.ts and every module it imports (filled in at the end of each build's module parsing). */
const bootGraph = new Set<string>();

/**
 * Builds src/app/boot.ts as an entry of its own and loads it from index.html as an async module
 * script ahead of the main one, so it runs while the main chunk still downloads (see boot.ts);
 * main.tsx imports the same module, which runs once. Only for Cairn's page: the bench builds its
 * bare React page with this config too.
 */
function bootScript(): Plugin {
  let cairnPage = false;
  const bootChunk = (bundle: Rolldown.OutputBundle) =>
    Object.values(bundle).find((c): c is Rolldown.OutputChunk => c.type === 'chunk' && c.facadeModuleId === bootModule);
  return {
    name: 'cairn-boot-script',
    apply: 'build',
    configResolved(config) {
      cairnPage = isCairnPage(config);
    },
    buildStart() {
      bootGraph.clear();
      if (cairnPage) this.emitFile({ type: 'chunk', id: bootModule, name: 'boot' });
    },
    buildEnd() {
      const pending = [bootModule];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (bootGraph.has(id)) continue;
        bootGraph.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
    generateBundle(_options, bundle) {
      if (!cairnPage) return;
      const boot = bootChunk(bundle);
      if (!boot) return this.error('the boot chunk is missing');
      // It must not wait for the main chunk's code: it may import only chunks of its own modules.
      const pending = [...new Set(boot.imports)];
      for (const file of pending) {
        const chunk = bundle[file];
        const foreign = chunk?.type === 'chunk' ? chunk.moduleIds.filter((id) => !bootGraph.has(id)) : [file];
        if (foreign.length > 0) this.error(`boot imports ${file}, which holds ${foreign.slice(0, 3).join(', ')}`);
        if (chunk?.type === 'chunk') pending.push(...chunk.imports.filter((f) => !pending.includes(f)));
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const boot = cairnPage && context.bundle ? bootChunk(context.bundle) : undefined;
        if (!boot) return html;
        const tag = `<script type="module" async crossorigin src="./${boot.fileName}"></script>\n    `;
        return html.replace('<script type="module"', `${tag}<script type="module"`);
      },
    },
  };
}

/**
 * Code the first screen (set-up, unlock) must not load: the unlocked wallet's router, the query
 * cache, the RPC client and what reads the chain come in chunks of their own (see VaultGate and
 * chainWatchLoader), and so do the token icons' tables (only the network chip's few icon URLs
 * are needed at start). A static import that pulls one of them into the start-up chunk fails the build.
 */
const notAtStart = [
  /node_modules\/react-router\//,
  /node_modules\/@tanstack\/query-core\//,
  /\/src\/core\/chain\/client\.ts$/,
  /\/src\/core\/assets\/icons\/tokenIcons\.generated\.ts$/,
  /\/src\/components\/assetIcons\/tokenIconUrls\.ts$/,
];

/**
 * The files the page fetches at start, before any of its own dynamic imports: the entry, the boot
 * chunk(s) and the runtime. A module shared by the boot script and the rest of the start, split
 * into a chunk of its own, makes one more request before the first screen: the build fails instead.
 */
const START_FILES_AT_MOST = 4;

function startChunkGuard(): Plugin {
  return {
    name: 'cairn-start-chunk-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      // What index.html loads: its entry, and the boot script it loads beside it (bootScript).
      const pending = chunks.filter(
        (c) =>
          c.isEntry && (c.facadeModuleId === resolve(projectRoot, 'index.html') || c.facadeModuleId === bootModule),
      );
      const seen = new Set<string>();
      for (let chunk = pending.pop(); chunk !== undefined; chunk = pending.pop()) {
        if (seen.has(chunk.fileName)) continue;
        seen.add(chunk.fileName);
        const found = chunk.moduleIds.find((id) => notAtStart.some((pattern) => pattern.test(id)));
        if (found)
          this.error(`${found} is in the start-up chunk ${chunk.fileName}: import it from a lazily loaded module`);
        pending.push(...chunk.imports.flatMap((file) => chunks.filter((c) => c.fileName === file)));
      }
      if (seen.size > START_FILES_AT_MOST)
        this.error(
          `the page fetches ${seen.size} files at start (${[...seen].join(', ')}), at most ${START_FILES_AT_MOST}: keep what boot.ts and the start share in one chunk`,
        );
    },
  };
}

/**
 * Cairn's second page, the window sites open to ask the person (src/app/dapp): the built
 * index.html marked as that window, so both pages share one entry and one start-up chunk (the
 * window's own code loads on demand, see main.tsx). A page of its own, so servers can send it its
 * own headers (it must keep its opener: see src/core/build/securityHeaders.ts).
 */
function dappWindowPage(): Plugin {
  let cairnPage = false;
  return {
    name: 'cairn-dapp-window-page',
    apply: 'build',
    configResolved(config) {
      cairnPage = isCairnPage(config);
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (!cairnPage) return;
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return this.error('index.html is missing from the build');
        const marked = String(index.source)
          .replace('</head>', '  <meta name="cairn-window" content="dapp" />\n  </head>')
          .replace('<title>Cairn wallet</title>', '<title>Cairn — a site asks</title>');
        if (!marked.includes('cairn-window')) return this.error('could not mark dapp.html');
        this.emitFile({ type: 'asset', fileName: 'dapp.html', source: marked });
      },
    },
  };
}

/**
 * The chunk of a catalog: a language's first-screen catalogs (the shell's, set-up's and unlock's)
 * share one ("messages-de-start"), core's another (loaded just after set-up's or unlock's first
 * screen, with any other: "messages-de-core"); any other is one of its own ("messages-de-send").
 */
function catalogChunk(id: string): string | undefined {
  const match = /[\\/]src[\\/]locales[\\/]([a-zA-Z-]+)[\\/]([a-zA-Z.]+)\.json$/.exec(id);
  if (!match) return undefined;
  const [, locale, namespace = ''] = match;
  if (/^(common|network|unlock|onboarding)$/.test(namespace)) return `messages-${locale}-start`;
  return namespace.startsWith('core.') ? `messages-${locale}-core` : `messages-${locale}-${namespace}`;
}

const licences = licenceList();
const facts = buildFacts(projectRoot);
// The publisher's signing key (CAIRN_SIGNING_KEY or CAIRN_SIGNING_KEY_FILE). None only for a build
// asked to be unsigned (`npm run build -- --unsigned`): buildHash stops a build with neither.
const unsigned = unsignedAsked();
const signing = unsigned ? undefined : await signingKeysFromEnv();

export default defineConfig({
  // Relative asset URLs: the build works from any static host and under any sub-path.
  base: './',
  plugins: [
    // Message catalogs (src/locales) compiled as they are imported.
    catalogPlugin(),
    react(),
    contentSecurityPolicy(),
    bootScript(),
    startChunkGuard(),
    dappWindowPage(),
    // The set-up and unlock screens pre-rendered into index.html (after dapp.html is made from it).
    firstScreenShells(),
    licences.page,
    // connect.js and connect.mjs, the connector dApps include (src/connector): a build of their own.
    connectorFiles(),
    // The companion extension (src/extension): extension/ and cairn-extension.zip, for people to install.
    extensionFiles(facts.version),
    // sw.js, the service worker that keeps Cairn offline, serves only builds the publisher key it
    // carries signed (and while keys change the build already served, signed by the key before),
    // and updates only with consent.
    serviceWorkerFile(signing),
    buildHash(facts, signing, unsigned),
  ],
  // Settings → About shows them (src/app/buildFacts.ts).
  define: { __CAIRN_BUILD__: JSON.stringify(facts) },
  // Module workers: the vault's SharedWorker loads its signing and password code on demand.
  worker: { format: 'es', plugins: () => [licences.worker()] },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // React Router's package exports only its development build (extra checks and warnings,
      // larger and slower at start); the production one ships beside it.
      ...(process.env.NODE_ENV === 'production' || process.argv.includes('build')
        ? {
            'react-router': fileURLToPath(
              new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
            ),
          }
        : {}),
    },
  },
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    sourcemap: true,
    reportCompressedSize: false,
    // The password-strength dictionaries are one large chunk, loaded only where a password is set.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The rest of what the page runs at start in one chunk, not a dozen shared ones: a
            // browser fetches only six files at a time from an HTTP/1.1 host.
            {
              name: 'start',
              tags: ['$initial'],
              test: (id) => !bootGraph.has(id),
              includeDependenciesRecursively: false,
            },
            // Message catalogs: a language's first-screen ones in one chunk, each other one alone.
            { name: catalogChunk, debugName: 'catalogs', test: /[\\/]src[\\/]locales[\\/]/ },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
