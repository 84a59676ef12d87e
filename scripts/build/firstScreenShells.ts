// Pre-renders the set-up and unlock screens into the built index.html (src/app/firstScreen), with
// the inline script that shows the one the page opens on (src/core/build/firstScreenScript.ts), so
// that screen paints as soon as the HTML and CSS are in, before the app's code has loaded and run.
// The app then renders over it. dapp.html, the window sites open, gets none.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { FIRST_SCREEN_SCRIPT } from '../../src/core/build/firstScreenScript.ts';
import { isCairnPage } from './cairnPage.ts';
import { catalogPlugin } from './catalogPlugin.ts';

const ROOT_ELEMENT = '<div id="root"></div>';
const src = fileURLToPath(new URL('../../src', import.meta.url));

/** The shells' HTML, rendered by React from the app's own components through Vite's SSR. */
async function renderShells(root: string): Promise<string> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    plugins: [catalogPlugin(), react()],
    resolve: { alias: { '@': src } },
    define: { __CAIRN_BUILD__: 'undefined' },
  });
  try {
    const module = await server.ssrLoadModule('/src/app/firstScreen/renderShells.tsx');
    return await (module.renderShells as () => Promise<string>)();
  } finally {
    await server.close();
  }
}

/** The page with its shells inside the root element (the app's render replaces them) and the script after. */
export function withFirstScreenShells(html: string, shells: string): string {
  if (!html.includes(ROOT_ELEMENT)) throw new Error('index.html has no empty root element for the shells');
  return html.replace(
    ROOT_ELEMENT,
    `<div id="root"><div aria-hidden="true" inert>${shells}</div></div>\n    <script>${FIRST_SCREEN_SCRIPT}</script>`,
  );
}

export function firstScreenShells(): Plugin {
  let cairnPage = false;
  let root = '';
  return {
    name: 'cairn-first-screen-shells',
    apply: 'build',
    configResolved(config) {
      cairnPage = isCairnPage(config);
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        if (!cairnPage) return;
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return this.error('index.html is missing from the build');
        index.source = withFirstScreenShells(String(index.source), await renderShells(root));
      },
    },
  };
}
