// Launches Debian's Chromium through playwright-core. No browser is ever downloaded: set
// CHROMIUM_PATH to use another Chromium build. playwright-core starts Chromium with a fresh,
// temporary user-data directory and every test gets its own browser context (own storage).
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/**
 * `blockPopups`: keep Chromium's pop-up blocker on (playwright-core turns it off by default), so a
 * window.open with no click behind it is refused as on a person's browser.
 */
export async function launchChromium(options: { blockPopups?: boolean } = {}): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    ...(options.blockPopups ? { ignoreDefaultArgs: ['--disable-popup-blocking'] } : {}),
  });
}
