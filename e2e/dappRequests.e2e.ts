// What a site cannot do to a request waiting in Cairn's window, nor learn from it: a switch of chain
// refuses the transaction waiting for the chain left (nothing is sent); the approve button sleeps
// while keys are pressed, when another request arrives, and ignores the first click after the
// window regains focus; an address with a wrong EIP-55 checksum is warned of; and while
// Cairn is locked, or before the site connects, the window tells it no account and no network of Cairn's.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell.ts';
import { Unlock } from './pages/Onboarding.ts';
import type { SampleDapp } from './pages/SampleDapp.ts';
import { dappSpec } from './support/dappSession.ts';
import { answerOf, askRaw } from './support/rawRequest.ts';
import { nodeClient } from './support/rpc.ts';

const DEMO = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/**
 * A request Cairn's open window refuses at once (-32602), answered after everything the window sent
 * before it: once it is back, the site has heard all the window had to say so far.
 */
async function roundTrip(dapp: SampleDapp): Promise<void> {
  await askRaw(dapp, 'roundTrip', 'wallet_addEthereumChain', [{}]);
  expect(await answerOf(dapp, 'roundTrip')).toMatch(/^Error -32602: /);
}

/** Whether `popup` is still open a moment after it might have closed. */
async function stillOpen(popup: Page, ms = 600): Promise<boolean> {
  const closed = popup.waitForEvent('close', { timeout: ms }).then(
    () => true,
    () => false,
  );
  return !(await closed);
}

describe('a site and the requests it waits on in Cairn’s window', () => {
  const { env, dappWithCairn, connectedSite, windowFor, approve, connect } = dappSpec();

  it('is refused, and nothing sent, when the site switches chain while its transaction waits', async () => {
    const { context, dapp } = await dappWithCairn();
    await connect(context, dapp);
    // Ethereum becomes one of the site's networks (asked once), then it switches back with no window.
    await dapp.field('Chain id to switch to').fill('1');
    const ask = await windowFor(context, dapp, 'Switch chain');
    await approve(ask, 'Switch to Ethereum');
    expect(await dapp.result('Switch chain result')).toBe('switched to chain 1');
    await dapp.field('Chain id to switch to').fill('31337');
    const pages = context.pages().length;
    expect(await dapp.run('Switch chain', 'Switch chain result')).toBe('switched to chain 31337');
    expect(context.pages()).toHaveLength(pages);

    const node = nodeClient(env().chain.url);
    const nonce = await node.getTransactionCount({ address: DEMO });
    const popup = await windowFor(context, dapp, 'Send transaction');
    expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe('Send this transaction?');
    await popup.getByRole('region', { name: /What this transaction does/ }).waitFor();
    const confirm = popup.getByRole('button', { name: 'Confirm and send', exact: true });
    await expect.poll(() => confirm.isEnabled(), { timeout: 10_000 }).toBe(true);
    // A chain the site may use without asking: the switch goes through the open window.
    const closed = popup.waitForEvent('close');
    await dapp.field('Chain id to switch to').fill('1');
    await dapp.button('Switch chain').click();
    expect(await dapp.result('Send transaction result')).toBe(
      'Error 4901: The site switched to chain 1 while this request for chain 31337 waited: nothing was signed or sent. Ask again.',
    );
    expect(await dapp.result('Switch chain result')).toBe('switched to chain 1');
    await closed;
    expect(await node.getTransactionCount({ address: DEMO })).toBe(nonce);
    expect(await dapp.run('Chain id', 'Chain id result')).toBe('1 (0x1)');
  });

  it('keeps approve asleep while keys are pressed, and wakes it a second after the last', async () => {
    const { context, dapp } = await dappWithCairn();
    const popup = await windowFor(context, dapp, 'Connect');
    const button = popup.getByRole('button', { name: 'Connect', exact: true });
    for (let i = 0; i < 8; i++) {
      await popup.keyboard.press('Shift');
      await popup.waitForTimeout(300);
    }
    expect(await button.isDisabled()).toBe(true);
    await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
    await popup.getByRole('button', { name: 'Decline', exact: true }).click();
    expect(await dapp.result('Connect result')).toMatch(/^Error 4001: /);
  });

  it('puts approve back to sleep when another request arrives under it', async () => {
    const { context, dapp } = await connectedSite();
    const popup = await windowFor(context, dapp, 'Send transaction');
    const confirm = popup.getByRole('button', { name: 'Confirm and send', exact: true });
    await expect.poll(() => confirm.isEnabled(), { timeout: 10_000 }).toBe(true);
    await dapp.button('Sign message').click();
    await popup.getByText('Request 1 of 2 from this site.').waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await expect.poll(() => confirm.isEnabled(), { timeout: 10_000 }).toBe(true);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Decline', exact: true }).click();
    await popup.getByRole('heading', { level: 1, name: 'Sign this message?' }).waitFor();
    await popup.getByRole('button', { name: 'Decline', exact: true }).click();
    await closed;
    expect(await dapp.result('Send transaction result')).toMatch(/^Error 4001: /);
  });

  it('takes a click once the window is awake, but not the first click after it regains focus', async () => {
    const { context, dapp } = await dappWithCairn();
    const opened = context.waitForEvent('page');
    await dapp.button('Connect').click();
    const popup = await opened;
    const button = popup.getByRole('button', { name: 'Connect', exact: true });
    await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
    // Headless Chromium under Playwright tells every page it has focus and fires no blur or focus
    // event for bringToFront() or window.focus() (tried): the window is told it lost and regained
    // focus as Chromium would tell it.
    await popup.evaluate(() => {
      window.dispatchEvent(new FocusEvent('blur'));
      window.dispatchEvent(new FocusEvent('focus'));
    });
    await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
    // The click that brought the window forward does nothing, and the window says so.
    await button.click();
    await popup.getByText('Cairn did not act on that click').waitFor();
    expect(await stillOpen(popup)).toBe(true);
    expect(await dapp.output('Connect result').textContent()).toBe('Waiting for the wallet…');
    await approve(popup, 'Connect');
    expect((await dapp.result('Connect result')).toLowerCase()).toContain(DEMO.toLowerCase());
  });

  it('warns of an address the site gave with a wrong EIP-55 checksum, and holds Confirm until it is checked', async () => {
    const { context, dapp } = await connectedSite();
    // The demo's second account with one capital letter made small.
    const to = '0x70997970c51812dc3A010C7d01b50e0d17dc79C8';
    const opened = context.waitForEvent('page');
    await askRaw(dapp, 'miscased', 'eth_sendTransaction', [{ from: DEMO, to, value: '0x1' }]);
    const popup = await opened;
    const warning = popup.getByRole('alert').filter({ hasText: 'capital letters do not match its checksum' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(to);
    expect(await warning.textContent()).toContain('It probably has a typo: check it against the source.');
    const confirm = popup.getByRole('button', { name: 'Confirm and send', exact: true });
    // The transaction prepared, its preview read and the approve delay over: only the checksum holds Confirm.
    const effects = popup.getByRole('region', { name: /What this transaction does/ });
    await effects.getByText(/^Receives/).waitFor();
    await popup.getByText(/^Gas limit 21000;/).waitFor();
    await popup.getByText('The buttons wake up a moment after this window appears.').waitFor({ state: 'detached' });
    expect(await confirm.isDisabled()).toBe(true);
    await popup.getByRole('checkbox', { name: /I checked this address against the source/ }).check();
    await expect.poll(() => confirm.isEnabled(), { timeout: 10_000 }).toBe(true);
    await popup.getByRole('button', { name: 'Decline', exact: true }).click();
    expect(await answerOf(dapp, 'miscased')).toMatch(/^Error 4001: /);
  });

  it('while Cairn is locked, tells the site no account until the person unlocks', async () => {
    const { context, dapp, wallet } = await connectedSite();
    await new AppShell(wallet).lock();
    // The page forgets what it was granted: only Cairn's window could tell it again.
    await dapp.page.evaluate(() => localStorage.clear());
    await dapp.open(dapp.page.url());
    await dapp.chooseWallet('Cairn');
    expect(await dapp.run('Accounts', 'Accounts result')).toBe('no accounts');
    const opened = context.waitForEvent('page');
    await dapp.button('Connect').click();
    const popup = await opened;
    await popup.getByText('A site is asking Cairn for something.').waitFor();
    await roundTrip(dapp);
    expect(await dapp.output('Connect result').textContent()).toBe('Waiting for the wallet…');
    expect(await dapp.events.textContent()).not.toMatch(/accountsChanged|connect:/);
    const closed = popup.waitForEvent('close');
    await new Unlock(popup).unlock();
    expect((await dapp.result('Connect result')).toLowerCase()).toContain(DEMO.toLowerCase());
    await closed;
    await expect.poll(() => dapp.events.textContent()).toMatch(/accountsChanged: 0xf39f/i);
  });

  it('before the site connects, tells it not the network Cairn has selected', async () => {
    const { context, dapp } = await dappWithCairn();
    expect(await dapp.run('Chain id', 'Chain id result')).toBe('1 (0x1)');
    const popup = await windowFor(context, dapp, 'Connect');
    expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe('Connect to this site?');
    await roundTrip(dapp);
    expect(await dapp.events.textContent()).not.toContain('chainChanged');
    await popup.getByRole('button', { name: 'Decline', exact: true }).click();
    expect(await dapp.result('Connect result')).toMatch(/^Error 4001: /);
    expect(await dapp.run('Chain id', 'Chain id result')).toBe('1 (0x1)');
    expect(await dapp.events.textContent()).not.toContain('chainChanged');
  });
});
