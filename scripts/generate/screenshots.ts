// `npm run screenshots`: pictures of Home for the README, taken from the running app (a
// production build against a fresh seeded local chain, the demo wallet open, the chart drawn),
// on a desktop and a phone, in light and dark. Writes docs/home-{desktop,phone}-{light,dark}.png.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Home } from '../../e2e/pages/Home.ts';
import { Onboarding } from '../../e2e/pages/Onboarding.ts';
import { startEnvironment } from '../../e2e/support/environment.ts';
import { e2eDistDir, projectRoot } from '../../e2e/support/paths.ts';
import { UNSIGNED_BUILD_ENV } from '../build/buildSigning.ts';

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

execFileSync(
  process.execPath,
  [
    join(projectRoot, 'node_modules/vite/bin/vite.js'),
    'build',
    '--outDir',
    e2eDistDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ],
  // Pictures need no signature: an unsigned build, as asked.
  { cwd: projectRoot, env: { ...process.env, NODE_ENV: 'production', [UNSIGNED_BUILD_ENV]: '1' }, stdio: 'inherit' },
);

const docs = join(projectRoot, 'docs');
mkdirSync(docs, { recursive: true });
const env = await startEnvironment();
try {
  for (const [device, size] of Object.entries(SIZES)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await env.newPage({ width: size.width, colorScheme });
      await page.setViewportSize(size);
      await page.goto(env.server.url);
      await new Onboarding(page).openDemoWallet();
      await new Home(page).chartDrawn();
      // The header's menus and the readout settle; no cursor over the chart.
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      const file = join(docs, `home-${device}-${colorScheme}.png`);
      await page.screenshot({ path: file });
      console.log(`wrote ${file}`);
      await context.close();
    }
  }
} finally {
  await env.close();
}
