// Whether a Vite build is Cairn's own page: the bench builds its bare React page with Cairn's
// config too, and Cairn's plugins (boot chunk, dApp window, connector, service worker) stay out of it.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedConfig } from 'vite';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export const isCairnPage = (config: Pick<ResolvedConfig, 'root'>): boolean =>
  resolve(config.root) === resolve(projectRoot);
