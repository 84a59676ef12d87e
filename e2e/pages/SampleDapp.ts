// Page object for the sample dApp (examples/dapp): its buttons, fields and named results. Every
// name here is an accessible name on the page.
import type { Locator, Page } from 'playwright-core';

export const SAMPLE_BUTTONS = [
  'Connect',
  'Accounts',
  'Chain id',
  'Sign message',
  'Sign in with Ethereum',
  'Sign typed data v4',
  'Send transaction',
  'Deploy a contract',
  'Send calls',
  'Send calls atomically',
  'Calls status',
  'Switch chain',
  'Add chain',
  'Watch asset',
  'Get permissions',
  'Revoke permissions',
  'Get capabilities',
  'Look for wallets again',
] as const;

export const SAMPLE_OUTPUTS = [
  'This page’s origin',
  'Wallet URL',
  'Wallet search',
  'Wallet in use',
  'Connect result',
  'Accounts result',
  'Chain id result',
  'Sign message result',
  'Sign message verification',
  'Sign in with Ethereum message',
  'Sign in with Ethereum result',
  'Sign in with Ethereum verification',
  'Sign typed data result',
  'Sign typed data verification',
  'Send transaction result',
  'Send transaction receipt',
  'Deploy contract result',
  'Deployed contract address',
  'Send calls result',
  'Calls status result',
  'Switch chain result',
  'Add chain result',
  'Watch asset result',
  'Get permissions result',
  'Revoke permissions result',
  'Get capabilities result',
] as const;

export const SAMPLE_FIELDS = [
  'Account',
  'Message',
  'Sign-in domain',
  'Recipient',
  'Calls id',
  'Chain id to switch to',
  'New chain id',
  'New chain name',
  'New chain RPC URL',
  'New chain currency symbol',
  'Typed data chain id (optional)',
  'Second call to (optional)',
  'Token address',
  'Token symbol (optional)',
  'Token decimals (optional)',
] as const;

export type SampleButton = (typeof SAMPLE_BUTTONS)[number];
export type SampleOutput = (typeof SAMPLE_OUTPUTS)[number];
export type SampleField = (typeof SAMPLE_FIELDS)[number];

const PENDING = new Set(['', 'Waiting for the wallet…', 'Waiting for the receipt…']);

export class SampleDapp {
  /** Each result as it comes ("Connect result: 0x…"). */
  readonly results: Locator;
  /** accountsChanged, chainChanged, connect and disconnect, as the provider emits them. */
  readonly events: Locator;
  /** "Looking for wallets…", "No wallet found" or "N wallet(s) found". */
  readonly walletStatus: Locator;
  readonly wallets: Locator;

  constructor(readonly page: Page) {
    this.results = page.getByRole('log', { name: 'Results', exact: true });
    this.events = page.getByRole('log', { name: 'Provider events', exact: true });
    this.walletStatus = page.getByRole('status', { name: 'Wallet search', exact: true });
    this.wallets = page.getByRole('list', { name: 'Wallets found', exact: true });
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.results.waitFor({ state: 'attached' });
  }

  button(name: SampleButton): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  output(name: SampleOutput): Locator {
    return this.page.getByRole('status', { name, exact: true });
  }

  field(label: SampleField): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** Picks a wallet the page found by EIP-6963 ("Use <name>"). */
  async chooseWallet(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Use ${name}`, exact: true }).click();
    await this.output('Wallet in use').filter({ hasText: name }).waitFor();
  }

  /** The text of a result once it is there (not empty, not waiting). */
  async result(name: SampleOutput, timeout = 30_000): Promise<string> {
    const output = this.output(name);
    const deadline = Date.now() + timeout;
    for (;;) {
      const text = (await output.textContent()) ?? '';
      if (!PENDING.has(text)) return text;
      if (Date.now() > deadline) throw new Error(`"${name}" still reads "${text}" after ${timeout} ms`);
      await this.page.waitForTimeout(50);
    }
  }

  /** Clicks `button` and returns the text of `output` once the action has answered. */
  async run(button: SampleButton, output: SampleOutput): Promise<string> {
    await this.button(button).click();
    return this.result(output);
  }
}
