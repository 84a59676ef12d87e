// Signing tools: personal_sign of text and hex, EIP-712 typed data read as a tree, and verifying
// who signed. Signatures are compared byte for byte with viem signing with the same demo key.

import type { Locator, Page } from 'playwright-core';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';
import mail from '../src/testing/vectors/eip712/eip712-mail-example.json';
import { AppShell } from './pages/AppShell.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

const demo = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: 0 });

/** The verdict line of the Verify tool. */
const verdict = (main: Locator) =>
  main
    .getByRole('status')
    .filter({ hasText: /^Signed by/ })
    .textContent();

describe('sign and verify', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ seed: false });
  });
  afterAll(async () => {
    await env?.close();
  });

  async function openTool(page: Page, tool: 'Message' | 'Typed data' | 'Verify') {
    await new AppShell(page).goTo('Sign');
    await page
      .getByRole('navigation', { name: 'Signing tools' })
      .getByRole('link', { name: tool, exact: true })
      .click();
    const main = page.getByRole('main');
    const field = (label: string) => main.getByLabel(label, { exact: true });
    return { main, field };
  }

  it('signs a text message exactly as viem does with the same key, and verifies who signed it', async () => {
    const { page, consoleErrors } = await demoWalletPage(env, { landOn: 'sign' });
    const { main, field } = await openTool(page, 'Message');
    const text = 'Log in to example.org\nNonce: 42 ✓';
    await field('Message').fill(text);
    await main.getByRole('button', { name: 'Sign message' }).click();
    const output = main.locator('output[aria-label="Signature"]');
    await output.waitFor();
    const signed = (await output.textContent()) ?? '';
    expect(signed).toBe(await demo.signMessage({ message: text }));
    expect(await main.textContent()).toContain(`Signed by ${demo.address}.`);

    const verify = await openTool(page, 'Verify');
    await verify.field('Signed message').fill(text);
    await verify.field('Signature').fill(signed);
    await verify.field('Expected signer (optional)').fill(demo.address);
    await verify.main.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => verdict(verify.main)).toBe(`Signed by ${demo.address}: the expected signer.`);
    await verify.field('Expected signer (optional)').fill(demoAddress(1));
    await verify.main.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => verdict(verify.main)).toBe(`Signed by ${demo.address}: not the expected signer.`);
    // One character changed in the message: someone else "signed" it.
    await verify.field('Signed message').fill(`${text}.`);
    await verify.main.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => verdict(verify.main)).toMatch(/: not the expected signer\.$/);
    expect(consoleErrors).toEqual([]);
  });

  it('signs hex bytes, and holds back a 32-byte message until the person says they know what it is', async () => {
    const { page } = await demoWalletPage(env, { landOn: 'sign' });
    const { main, field } = await openTool(page, 'Message');
    await main.getByRole('radio', { name: 'Hex bytes (0x…)' }).check();
    await field('Message').fill('0x48656c6c6f');
    expect(await main.getByLabel('Message as signed').textContent()).toContain('“Hello”');
    await main.getByRole('button', { name: 'Sign message' }).click();
    const output = main.locator('output[aria-label="Signature"]');
    await output.waitFor();
    expect(await output.textContent()).toBe(await demo.signMessage({ message: { raw: '0x48656c6c6f' } }));

    const hash = `0x${'ab'.repeat(32)}` as const;
    await field('Message').fill(hash);
    const sign = main.getByRole('button', { name: 'Sign message' });
    await expect.poll(() => sign.isDisabled()).toBe(true);
    expect(await main.textContent()).toContain('exactly 32 bytes, the size of a hash');
    await main.getByRole('checkbox', { name: 'I know what these 32 bytes are' }).check();
    await sign.click();
    await expect.poll(() => output.textContent()).toBe(await demo.signMessage({ message: { raw: hash } }));
  });

  it('shows typed data as a tree with its domain, warns about another chain, signs it as viem does and verifies it', async () => {
    const { page } = await demoWalletPage(env, { landOn: 'sign' });
    const { main, field } = await openTool(page, 'Typed data');
    const json = JSON.stringify(mail.typedData, null, 2);
    await field('Typed data (JSON)').fill(json);
    await main.getByRole('button', { name: 'Review typed data' }).click();
    const tree = main.getByRole('list', { name: 'Typed data' });
    await tree.waitFor();
    const shown = (await tree.textContent()) ?? '';
    expect(shown).toContain('contents (string): Hello, Bob!');
    expect(shown).toContain('name (string): Cow');
    expect(shown).toContain('wallet (address): 0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826');
    const review = main.getByRole('region', { name: 'What you would sign' });
    expect(await review.textContent()).toContain('Ether Mail');
    expect(await review.getByRole('alert').textContent()).toBe(
      'This request is for chain 1, but the selected network is chain 31337. The signature would be meant for chain 1: sign only if you expected that.',
    );
    await main.getByRole('button', { name: 'Sign typed data' }).click();
    const output = main.locator('output[aria-label="Signature"]');
    await output.waitFor();
    const signed = (await output.textContent()) ?? '';
    expect(signed).toBe(await demo.signTypedData(mail.typedData as never));

    const verify = await openTool(page, 'Verify');
    await verify.main.getByRole('radio', { name: 'Typed data (EIP-712 JSON)' }).check();
    await verify.field('Signed typed data (JSON)').fill(json);
    await verify.field('Signature').fill(signed);
    await verify.field('Expected signer (optional)').fill(demo.address.toLowerCase());
    await verify.main.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => verdict(verify.main)).toBe(`Signed by ${demo.address}: the expected signer.`);
  });

  it('never leaves a signature beside text it did not sign, and shows hidden characters in typed data as codes', async () => {
    const { page } = await demoWalletPage(env, { landOn: 'sign' });
    const message = await openTool(page, 'Message');
    await message.field('Message').fill('0x48656c6c6f');
    await message.main.getByRole('button', { name: 'Sign message' }).click();
    await message.main.locator('output').waitFor();
    // The same characters read as hex bytes are another message: the signature goes.
    await message.main.getByRole('radio', { name: 'Hex bytes (0x…)' }).check();
    expect(await message.main.locator('output').count()).toBe(0);

    const typed = await openTool(page, 'Typed data');
    const sneaky = structuredClone(mail.typedData) as { domain: { name: string }; message: { contents: string } };
    sneaky.domain.name = 'Ether\u202eMail';
    sneaky.message.contents = 'Hello,\u200b Bob!';
    await typed.field('Typed data (JSON)').fill(JSON.stringify(sneaky));
    await typed.main.getByRole('button', { name: 'Review typed data' }).click();
    const review = typed.main.getByRole('region', { name: 'What you would sign' });
    await review.waitFor();
    expect(await review.getByRole('alert').first().textContent()).toMatch(/invisible or direction-changing characters/);
    const shown = (await review.textContent()) ?? '';
    expect(shown).toContain('Ether\\u{202E}Mail');
    expect(shown).toContain('Hello,\\u{200B} Bob!');
  });
});
