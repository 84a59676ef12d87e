// A passkey account (issue 52) on the local chain, in Chromium with a CDP virtual authenticator
// at http://localhost (browsers refuse WebAuthn at an IP address): made from Add wallet with Demo
// account 2 paying, its code the delegation designator; no key for it anywhere in the page's
// storage; Receive asking for a second passkey; then 1 ETH sent from it,
// signed only by a passkey, Demo account 2 paying the gas, after an authenticator that did not
// verify the person was refused in place. The same signed call sent again is refused by the
// account (its nonce is used), and the account's activity lists the send. A second passkey, made
// on another authenticator, is then added from Receive, and the page reloaded before its
// registration is mined: once it is, the chain and the vault list two and nothing warns; 0.1 ETH
// is then sent, approved by the second alone.
// The screens pass axe.
import type { Page, Route } from 'playwright-core';
import {
  type Address,
  decodeAbiParameters,
  decodeErrorResult,
  decodeFunctionData,
  getAddress,
  type Hex,
  parseEther,
  slice,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { pathTo } from '../src/app/paths.ts';
import { findRevertData } from '../src/core/chain/revertData.ts';
import {
  PASSKEY_DELEGATE_ADDRESS,
  passkeyDelegateAbi,
} from '../src/core/smartAccount/passkey/passkeyDelegate.generated.ts';
import { Activity } from './pages/Activity.ts';
import { AppShell } from './pages/AppShell.ts';
import { E2E_PASSWORD } from './pages/Onboarding.ts';
import { Send } from './pages/Send.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';
import { storedText } from './support/storedText.ts';
import { addVirtualAuthenticator } from './support/virtualAuthenticator.ts';

const PAYER = getAddress(demoAddress(1));
const RECIPIENT = getAddress(demoAddress(7));

/**
 * Holds the page's eth_estimateGas requests to the chain until `release` is called: the moment
 * between the browser making a passkey and the app asking one to sign, made wide and certain.
 */
async function holdEstimates(page: Page, chainUrl: string) {
  const origin = new URL(chainUrl).origin;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  const matches = (url: URL) => url.origin === origin;
  const handler = async (route: Route) => {
    if ((route.request().postData() ?? '').includes('eth_estimateGas')) {
      held += 1;
      await released;
    }
    await route.continue().catch(() => undefined);
  };
  await page.route(matches, handler);
  return {
    held: () => held,
    release: async () => {
      release();
      await page.unroute(matches, handler);
    },
  };
}

async function expectAccessible(page: Page, what: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

/** Selects the option of `select` whose text starts with `prefix`. */
async function chooseOption(page: Page, label: string, prefix: string) {
  const select = page.getByLabel(label, { exact: true });
  const options = await select
    .locator('option')
    .evaluateAll((all) => all.map((o) => ({ text: o.textContent ?? '', value: (o as HTMLOptionElement).value })));
  const match = options.find((o) => o.text.startsWith(prefix));
  if (!match) throw new Error(`no option "${prefix}" in ${label}: ${options.map((o) => o.text).join(' | ')}`);
  await select.selectOption({ value: match.value });
}

/** Whether any 32-byte hex in `text` is the private key of `account`. */
function holdsKeyOf(text: string, account: Address): boolean {
  const candidates = new Set(text.match(/[0-9a-fA-F]{64}/g) ?? []);
  for (const hex of candidates) {
    try {
      if (privateKeyToAccount(`0x${hex}` as Hex).address === account) return true;
    } catch {
      // Not a valid key: not this account's.
    }
  }
  return false;
}

/** The passkey (ERC-7913 signer) that approved the latest block's batch sent to `account`. */
async function approvingSigner(node: ReturnType<typeof nodeClient>, account: Address): Promise<Hex | undefined> {
  const block = await node.getBlock({ includeTransactions: true });
  const sent = block.transactions.find((tx) => tx.to && getAddress(tx.to) === account);
  if (!sent) return undefined;
  const { args } = decodeFunctionData({ abi: passkeyDelegateAbi, data: sent.input });
  const executionData = args?.[1] as Hex;
  const [, opData] = decodeAbiParameters(
    [{ type: 'tuple[]', components: [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }] }, { type: 'bytes' }],
    executionData,
  );
  const [approvers] = decodeAbiParameters([{ type: 'bytes[]' }, { type: 'bytes[]' }], slice(opData, 32));
  return approvers[0];
}

describe('a passkey account', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ urlHost: 'localhost' });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('is made with Demo account 2 paying, holds no key, sends by passkey, takes a second one that sends too', async () => {
    const node = nodeClient(env.chain.url);
    const { page, consoleErrors } = await demoWalletPage(env);
    const authenticator = await addVirtualAuthenticator(page);
    await page.goto(`${env.server.url}#${pathTo('addWallet')}`);
    await page.getByRole('button', { name: /^Create a passkey account/ }).click();
    await page.getByRole('heading', { name: 'Create a passkey account' }).waitFor();
    expect(await page.getByRole('note').textContent()).toContain('the funds in it are gone for good');
    await page.getByLabel('Account name (optional)').fill('Passkey vault');
    await chooseOption(page, 'Paying account', 'Demo account 2');
    await expectAccessible(page, 'Create a passkey account');

    await page.getByRole('button', { name: 'Create the passkey' }).click();
    expect(await page.getByRole('alert').allTextContents()).toContain(
      'Tick the box above first: it says what happens when every passkey is lost.',
    );
    await page.getByRole('checkbox', { name: /^I understand/ }).check();
    await page.getByRole('button', { name: 'Create the passkey' }).click();
    const review = page.getByRole('heading', { name: 'Review the passkey account’s upgrade' });
    await review.waitFor({ timeout: 20_000 }).catch(async (e: unknown) => {
      throw new Error(`no review; alerts: ${(await page.getByRole('alert').allTextContents()).join(' | ')}`, {
        cause: e,
      });
    });
    const shown = await page.locator('dt:has-text("New account") + dd').textContent();
    const account = getAddress(shown?.match(/0x[0-9a-fA-F]{40}/)?.[0] ?? '0x');
    expect(await page.getByRole('main').textContent()).toContain('Fee, paid by Demo account 2');
    await expectAccessible(page, 'the upgrade’s review');
    await page.getByRole('button', { name: 'Send the upgrade' }).click();
    await page.getByRole('heading', { name: 'Passkey account created' }).waitFor({ timeout: 20_000 });
    await expect
      .poll(() => node.getCode({ address: account }), { timeout: 20_000 })
      .toBe(`0xef0100${PASSKEY_DELEGATE_ADDRESS.slice(2).toLowerCase()}`);

    // No key for it anywhere the page keeps data (the vault included: its record, and its key's wrapping).
    const stored = await storedText(page);
    expect(stored).toContain('cairn-vault');
    expect(holdsKeyOf(stored, account)).toBe(false);

    // The second passkey is asked for at once: Receive, for the new account, says why and offers it
    // (it is added below, once the first has sent).
    await page.getByRole('button', { name: 'Add a second passkey' }).click();
    const onePasskey = page.getByRole('region', { name: /^Only one passkey controls this account/ });
    await onePasskey.waitFor({ timeout: 15_000 });
    await onePasskey.getByRole('button', { name: 'Add a second passkey' }).waitFor();
    await expectAccessible(page, 'Receive for a passkey account with one passkey');

    await node.sendTransaction({ account: demoAddress(3), to: account, value: parseEther('5') });
    const recipientBefore = await node.getBalance({ address: RECIPIENT });
    const payerBefore = await node.getBalance({ address: PAYER });
    const send = new Send(page);
    await send.open();
    await send.fill({ from: 'Passkey vault', recipient: RECIPIENT, amount: '1' });
    await send.continue();
    const passkeyReview = page.getByRole('region', { name: 'Review what your passkey approves' });
    await passkeyReview.waitFor({ timeout: 15_000 });
    await chooseOption(page, 'Sent, with its gas paid, by', 'Demo account 2');
    await passkeyReview.getByText('Network fee, paid by Demo account 2').waitFor({ timeout: 15_000 });
    expect(await passkeyReview.textContent()).toContain(RECIPIENT);
    await expectAccessible(page, 'the passkey review');
    // An authenticator that does not verify the person: said in place, nothing sent.
    await authenticator.verifies(false);
    const approve = passkeyReview.getByRole('button', { name: 'Approve with a passkey and send' });
    await approve.click();
    const refused = passkeyReview.getByRole('alert').filter({ hasText: 'Nothing was' });
    await refused.waitFor({ timeout: 15_000 });
    expect(await refused.textContent()).toMatch(/did not verify you|No passkey was used/);
    expect(await node.getBalance({ address: account })).toBe(parseEther('5'));
    await authenticator.verifies(true);
    await approve.click();
    await page.getByRole('region', { name: 'Sent', exact: true }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => node.getBalance({ address: RECIPIENT }), { timeout: 20_000 })
      .toBe(recipientBefore + parseEther('1'));
    expect(await node.getBalance({ address: PAYER })).toBeLessThan(payerBefore);
    expect(await node.getBalance({ address: account })).toBe(parseEther('4'));

    // The paying account's transaction, sent again as it was: the account refuses the used nonce.
    const block = await node.getBlock({ includeTransactions: true });
    const sent = block.transactions.find((tx) => tx.to && getAddress(tx.to) === account);
    expect(sent && getAddress(sent.from)).toBe(PAYER);
    const replay = await node
      .call({ account: PAYER, to: account, data: sent?.input })
      .then(() => 'accepted')
      .catch((error: unknown) => {
        const data = findRevertData(error);
        return data ? decodeErrorResult({ abi: passkeyDelegateAbi, data }).errorName : String(error);
      });
    expect(replay).toBe('InvalidAccountNonce');

    // The account's own activity shows the send, though the chain shows it only inside the payer's transaction.
    await new AppShell(page).chooseAccount('Passkey vault');
    const activity = new Activity(page);
    await activity.open();
    await expect.poll(() => activity.rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await activity.rows.first().textContent()).toMatch(/1 ETH/);
    // A second passkey, on another authenticator (one at a time: two virtual ones race). The first
    // passkey is read out and its authenticator removed; the new one makes the second passkey (the
    // first's id no longer matches excludeCredentials), then holds the first too, to approve it.
    const [firstKey] = await authenticator.credentials();
    if (!firstKey) throw new Error('the first authenticator holds no passkey');
    await authenticator.remove();
    const second = await addVirtualAuthenticator(page);
    const shell = new AppShell(page);
    await shell.goTo('Receive');
    await onePasskey.waitFor({ timeout: 15_000 });
    // Held until the first passkey is back: between the two prompts, the app estimates the batch.
    const estimates = await holdEstimates(page, env.chain.url);
    await onePasskey.getByLabel('Name of the second passkey (optional)').fill('Security key');
    await chooseOption(page, 'Paying account', 'Demo account 2');
    await onePasskey.getByRole('button', { name: 'Add a second passkey' }).click();
    await expect.poll(async () => (await second.credentials()).length, { timeout: 15_000 }).toBe(1);
    const [secondKey] = await second.credentials();
    await second.addCredential(firstKey);
    // The page is left before the registration is mined: mining is held, the page reloaded and
    // unlocked, then the block mined. The vault noted the registration, so it still lists the
    // passkey once the chain does (and the 0.1 ETH below, approved by it alone, needs that).
    await node.setAutomine(false);
    try {
      await estimates.release();
      const mining = page.getByRole('status').filter({ hasText: 'registration is sent: waiting for it to be mined' });
      await mining.waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
        throw new Error(`not sent; alerts: ${(await page.getByRole('alert').allTextContents()).join(' | ')}`, {
          cause: e,
        });
      });
      await page.reload();
      await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await shell.nav.waitFor();
      await node.mine({ blocks: 1 });
    } finally {
      await node.setAutomine(true);
    }
    const signers = await node.readContract({
      address: account,
      abi: passkeyDelegateAbi,
      functionName: 'getSigners',
      args: [0n, 2n ** 64n - 1n],
    });
    expect(signers).toHaveLength(2);
    // Listed by the vault too: neither Home nor Receive warns any more.
    await shell.goTo('Home');
    await expect.poll(() => page.getByText('Only one passkey controls').count(), { timeout: 20_000 }).toBe(0);
    await shell.goTo('Receive');
    await page.getByRole('heading', { name: /Passkey vault/ }).waitFor();
    await expect.poll(() => page.getByText('Only one passkey controls').count(), { timeout: 15_000 }).toBe(0);

    // 0.1 ETH, approved by the second passkey: the first is gone from the only authenticator.
    await second.removeCredential(firstKey.credentialId);
    // A fresh form: the page was reloaded since the last send.
    await shell.goTo('Send');
    await send.form.waitFor();
    await send.fill({ from: 'Passkey vault', recipient: RECIPIENT, amount: '0.1' });
    await send.continue();
    await passkeyReview.waitFor({ timeout: 15_000 });
    await chooseOption(page, 'Sent, with its gas paid, by', 'Demo account 2');
    await passkeyReview.getByText('Network fee, paid by Demo account 2').waitFor({ timeout: 15_000 });
    await approve.click();
    await page.getByRole('region', { name: 'Sent', exact: true }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => node.getBalance({ address: RECIPIENT }), { timeout: 20_000 })
      .toBe(recipientBefore + parseEther('1.1'));
    expect((await second.credentials()).map((c) => c.credentialId)).toEqual([secondKey?.credentialId]);
    const approvedBy = await approvingSigner(node, account);
    expect(approvedBy).toBe(signers[1]);

    // Chromium warns of any creation that does not offer RS256: the account verifies P-256 only, so ES256 alone is asked.
    expect(consoleErrors.filter((line) => !line.includes('pubKeyCredParams is missing'))).toEqual([]);
  });
});
