// A passkey account on a network that has the deterministic deployer and none of Cairn's passkey
// contracts, as most live networks are today (issue 52), in Chromium at http://localhost: a fresh,
// unseeded local chain where only the deployer's pre-signed transaction was replayed. Create a
// passkey account asks for no passkey but offers to place the contracts: each one named, with
// its address, the code hash Cairn checks and Demo account 2's fee; placed, then checked on
// chain; then the account is made there, its code the delegation designator. Axe on the new step.
import type { Page } from 'playwright-core';
import { getAddress, keccak256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deterministicDeployerSteps } from '../devchain/deterministicDeployer.ts';
import { mineBlock } from '../devchain/scenarios.ts';
import { demoAddress } from '../devchain/seed.ts';
import { seedClient } from '../devchain/seedSupport.ts';
import { pathTo } from '../src/app/paths.ts';
import { LOCAL_CHAIN_ID } from '../src/core/chain/localChain.ts';
import {
  PASSKEY_DELEGATE_ADDRESS,
  PASSKEY_DELEGATE_CODE_HASHES,
  PASSKEY_VERIFIER_ADDRESS,
  PASSKEY_VERIFIER_CODE_HASH,
} from '../src/core/smartAccount/passkey/passkeyDelegate.generated.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';
import { addVirtualAuthenticator } from './support/virtualAuthenticator.ts';

const PAYER = getAddress(demoAddress(1));

async function alertsOf(page: Page): Promise<string> {
  return (await page.getByRole('alert').allTextContents()).join(' | ');
}

describe('a passkey account where its contracts are not placed yet', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ urlHost: 'localhost', seed: false });
    const client = seedClient(env.chain.url);
    await mineBlock(client, await deterministicDeployerSteps(client));
  });
  afterAll(async () => {
    await env?.close();
  });

  it('places them, paid by Demo account 2 and checked, then makes the account there', async () => {
    const node = nodeClient(env.chain.url);
    const { page } = await demoWalletPage(env);
    const authenticator = await addVirtualAuthenticator(page);
    await page.goto(`${env.server.url}#${pathTo('addWallet')}`);
    await page.getByRole('button', { name: /^Create a passkey account/ }).click();
    await page.getByRole('heading', { name: 'Create a passkey account' }).waitFor();
    const payer = page.getByLabel('Paying account', { exact: true });
    const option = payer.locator('option', { hasText: 'Demo account 2' });
    await payer.selectOption({ value: (await option.getAttribute('value')) ?? '' });
    await page.getByRole('checkbox', { name: /^I understand/ }).check();
    await page.getByRole('button', { name: 'Create the passkey' }).click();

    const place = page.getByRole('heading', { name: 'Place the passkey contracts on Local chain' });
    await place.waitFor({ timeout: 20_000 }).catch(async (e: unknown) => {
      throw new Error(`no placement step; alerts: ${await alertsOf(page)}`, { cause: e });
    });
    const placeButton = page.getByRole('button', { name: 'Place the contracts' });
    await expect.poll(() => placeButton.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await authenticator.credentials()).toEqual([]);
    const main = (await page.getByRole('main').textContent()) ?? '';
    expect(main).toContain('OpenZeppelin’s WebAuthn verifier (ERC7913WebAuthnVerifier, unchanged)');
    expect(main).toContain(PASSKEY_VERIFIER_CODE_HASH);
    expect(main).toContain(PASSKEY_DELEGATE_CODE_HASHES[LOCAL_CHAIN_ID]);
    expect(main).toContain('Fee, paid by Demo account 2');
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    const payerBefore = await node.getBalance({ address: PAYER });
    await placeButton.click();
    await page
      .getByRole('status')
      .filter({ hasText: 'The passkey contracts are on Local chain now' })
      .waitFor({ timeout: 30_000 })
      .catch(async (e: unknown) => {
        throw new Error(`not placed; alerts: ${await alertsOf(page)}`, { cause: e });
      });
    for (const [address, hash] of [
      [PASSKEY_VERIFIER_ADDRESS, PASSKEY_VERIFIER_CODE_HASH],
      [PASSKEY_DELEGATE_ADDRESS, PASSKEY_DELEGATE_CODE_HASHES[LOCAL_CHAIN_ID]],
    ] as const) {
      const code = await node.getCode({ address });
      expect(code && keccak256(code)).toBe(hash);
    }
    expect(await node.getBalance({ address: PAYER })).toBeLessThan(payerBefore);
    expect(await authenticator.credentials()).toEqual([]);

    await page.getByRole('button', { name: 'Create the passkey' }).click();
    await page.getByRole('heading', { name: 'Review the passkey account’s upgrade' }).waitFor({ timeout: 20_000 });
    const shown = await page.locator('dt:has-text("New account") + dd').textContent();
    const account = getAddress(shown?.match(/0x[0-9a-fA-F]{40}/)?.[0] ?? '0x');
    await page.getByRole('button', { name: 'Send the upgrade' }).click();
    await page.getByRole('heading', { name: 'Passkey account created' }).waitFor({ timeout: 20_000 });
    expect(await node.getCode({ address: account })).toBe(`0xef0100${PASSKEY_DELEGATE_ADDRESS.slice(2).toLowerCase()}`);
    expect(await authenticator.credentials()).toHaveLength(1);
  });
});
