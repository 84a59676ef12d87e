// Page object for the frame around every screen: header, network status, navigation, panels.
import type { Locator, Page } from 'playwright-core';
import type { ScreenEntry } from '../../src/app/paths.ts';

export class AppShell {
  readonly networkSelect: Locator;
  readonly status: Locator;
  readonly nav: Locator;
  readonly problem: Locator;
  readonly retry: Locator;
  readonly heading: Locator;
  readonly localChainNotice: Locator;

  constructor(readonly page: Page) {
    this.networkSelect = page.getByRole('banner').getByLabel('Network', { exact: true });
    this.status = page.getByRole('region', { name: 'Network status' });
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.problem = page.getByRole('alert');
    this.retry = page.getByRole('button', { name: 'Retry' });
    this.heading = page.getByRole('heading', { level: 1 });
    this.localChainNotice = page.getByRole('complementary', { name: 'Local demo chain' });
  }

  async open(baseUrl: string, screen?: ScreenEntry): Promise<void> {
    await this.page.goto(screen ? `${baseUrl}#${screen.path}` : baseUrl);
    await this.heading.waitFor();
  }

  /** The block number shown in the header, or undefined while none is shown. */
  async shownBlockNumber(): Promise<bigint | undefined> {
    const text = (await this.status.textContent()) ?? '';
    const match = /Block\s*([\d,.\s\u202f]+)/.exec(text);
    return match?.[1] ? BigInt(match[1].replace(/\D/g, '')) : undefined;
  }

  async statusText(): Promise<string> {
    return (await this.status.textContent()) ?? '';
  }

  navLink(label: string): Locator {
    return this.nav.getByRole('link', { name: label, exact: true });
  }
}
