// Typed data that hands over tokens: the Typed data tool says who may take which token, how much
// and until when, warns about unlimited and long-lived permits and ones far above the balance, and
// holds Sign until the person says they understand such a one.

import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoContractAddresses } from '../devchain/seed.ts';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';
import { eip2612Permit, permit2Single, SPENDER, UINT160_MAX } from '../src/testing/permitFixtures.ts';
import { Sign } from './pages/Sign.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

const demo = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: 0 });
const DAY = 86_400;

describe('permits in typed data', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('reads an unlimited, long-lived Permit2 allowance for DAI, warns, and signs only once understood', async () => {
    const { page, consoleErrors } = await demoWalletPage(env, { landOn: 'sign' });
    const sign = new Sign(page);
    await sign.openTool('Typed data');
    const dai = demoContractAddresses().DAI;
    const now = Math.floor(Date.now() / 1000);
    const typedData = permit2Single({
      token: dai,
      chainId: 31337,
      amount: UINT160_MAX,
      expiration: String(now + 365 * DAY),
      sigDeadline: String(now + DAY),
    });
    await sign.field('Typed data (JSON)').fill(JSON.stringify(typedData, null, 2));
    await sign.main.getByRole('button', { name: 'Review typed data' }).click();

    const panel = sign.main.getByRole('region', { name: 'What this signature allows' });
    await panel.waitFor();
    const permission = panel.getByRole('list', { name: 'Permissions' }).getByRole('listitem');
    await expect.poll(() => permission.textContent()).toContain('DAI (Demo Dai Stablecoin');
    const sentence = (await permission.textContent()) ?? '';
    expect(sentence).toContain(`${SPENDER} may take up to an unlimited amount of DAI (Demo Dai Stablecoin, ${dai})`);
    expect(sentence).toContain('from the signing account, as often as it likes, until ');
    const alerts = await panel.getByRole('alert').allTextContents();
    expect(alerts).toEqual([
      'Unlimited amount: the spender may take every token of this kind you hold now or later.',
      'This allowance lasts more than 30 days from now; an app needs one for a single task only.',
    ]);
    expect(await panel.textContent()).toContain(`${SPENDER} is not one of your accounts or contacts`);
    // The raw tree is still there, below.
    expect(await sign.main.getByRole('list', { name: 'Typed data' }).textContent()).toContain('sigDeadline');

    const button = sign.main.getByRole('button', { name: 'Sign typed data' });
    expect(await button.isDisabled()).toBe(true);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    const box = sign.main.getByRole('checkbox', { name: 'I understand what this permit allows' });
    await box.focus();
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
    expect(await button.isDisabled()).toBe(false);
    await button.click();
    const output = sign.main.locator('output[aria-label="Signature"]');
    await output.waitFor();
    expect(await output.textContent()).toBe(await demo.signTypedData(typedData as never));
    expect(consoleErrors).toEqual([]);
  });

  it('shows an EIP-2612 permit for a small amount exactly, in DAI, and signs without a box to tick', async () => {
    const { page } = await demoWalletPage(env, { landOn: 'sign' });
    const sign = new Sign(page);
    await sign.openTool('Typed data');
    const dai = demoContractAddresses().DAI;
    const typedData = eip2612Permit({
      token: dai,
      chainId: 31337,
      value: '12345000000000000001',
      deadline: String(Math.floor(Date.now() / 1000) + 3600),
    });
    typedData.message.owner = demo.address;
    await sign.field('Typed data (JSON)').fill(JSON.stringify(typedData));
    await sign.main.getByRole('button', { name: 'Review typed data' }).click();
    const panel = sign.main.getByRole('region', { name: 'What this signature allows' });
    const permission = panel.getByRole('list', { name: 'Permissions' }).getByRole('listitem');
    await expect.poll(() => permission.textContent()).toContain('12.345000000000000001 DAI (Demo Dai Stablecoin');
    expect(await permission.textContent()).toContain(`from ${demo.address}`);
    expect(await panel.textContent()).toContain('The allowance this permit sets has no end date');
    expect(await panel.getByRole('alert').count()).toBe(0);
    expect(await sign.main.getByRole('checkbox').count()).toBe(0);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await sign.main.getByRole('button', { name: 'Sign typed data' }).click();
    const output = sign.main.locator('output[aria-label="Signature"]');
    await output.waitFor();
    expect(await output.textContent()).toBe(await demo.signTypedData(typedData as never));

    // Just below "unlimited" (2^96 − 1), to a stranger, with no end: far above the DAI the account holds.
    typedData.message.value = (2n ** 96n - 2n).toString();
    await sign.field('Typed data (JSON)').fill(JSON.stringify(typedData));
    await sign.main.getByRole('button', { name: 'Review typed data' }).click();
    await expect
      .poll(() => panel.getByRole('alert').allTextContents())
      .toEqual([
        `Far more than you hold: this lets ${SPENDER} take over 10 times your balance of the token at ${dai}, and whatever of it you receive later. Sign only for the amount the app needs.`,
      ]);
    expect(await sign.main.getByRole('button', { name: 'Sign typed data' }).isDisabled()).toBe(true);
    await sign.main.getByRole('checkbox', { name: 'I understand what this permit allows' }).check();
    expect(await sign.main.getByRole('button', { name: 'Sign typed data' }).isDisabled()).toBe(false);
  });
});
