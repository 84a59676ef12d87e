import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { metaContentSecurityPolicy } from './scripts/csp.ts';

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

export default defineConfig({
  // Relative asset URLs: the build works from any static host and under any sub-path.
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  // Module workers: the vault's SharedWorker loads its signing and password code on demand.
  worker: { format: 'es' },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    sourcemap: true,
    reportCompressedSize: false,
    // The password-strength dictionaries are one large chunk, loaded only where a password is set.
    chunkSizeWarningLimit: 1500,
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
