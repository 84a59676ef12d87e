// The signing tools over a whole test wallet, reached through their navigation as a person reaches
// them: every bad input is refused next to its field with the reason, what was typed stays, and
// nothing is signed.
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router';
import { mnemonicToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_MNEMONIC } from '@/core/chain/localChain';
import { allByRole, byRole } from '@/testing/byRole';
import { fieldLabelled, typeInto } from '@/testing/fields';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import mail from '@/testing/vectors/eip712/eip712-mail-example.json';
import { SignScreen } from './SignScreen';

const poll = { timeout: 4_000, interval: 10 };
const someone = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: 0 });

let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  wallet = await createTestWallet();
  unmount = renderInWallet(
    wallet,
    <MemoryRouter initialEntries={['/sign']}>
      <SignScreen />
    </MemoryRouter>,
  ).unmount;
});
afterEach(() => {
  unmount();
  wallet.close();
});

/** Opens a tool through the "Signing tools" navigation, and waits until it is the one shown. */
async function openTool(tool: 'Message' | 'Typed data' | 'Verify') {
  const nav = document.querySelector('nav[aria-label="Signing tools"]');
  if (!nav) throw new Error('No "Signing tools" navigation');
  const link = byRole('link', tool, nav);
  flushSync(() => link.click());
  await expect.poll(() => link.getAttribute('aria-current'), poll).toBe('page');
}

const press = (name: string) => flushSync(() => byRole('button', name).click());
const alertWords = () => allByRole('alert').map((a) => a.textContent ?? '');

describe('the signing tools', () => {
  it('refuses every bad input next to its field with the reason, keeping what was typed, and signs nothing', async () => {
    await openTool('Message');
    flushSync(() => byRole('radio', 'Hex bytes (0x…)').click());
    typeInto('Message', '0x123');
    press('Sign message');
    await expect.poll(alertWords, poll).toEqual(['The hex has an odd number of digits (3); each byte takes two.']);
    expect(fieldLabelled('Message').value).toBe('0x123');
    expect(document.querySelectorAll('output')).toHaveLength(0);

    await openTool('Typed data');
    typeInto('Typed data (JSON)', '{"types": ');
    press('Review typed data');
    await expect.poll(() => alertWords().join(' '), poll).toMatch(/^This is not valid JSON/);
    expect(fieldLabelled('Typed data (JSON)').value).toBe('{"types": ');
    const wrongValue = structuredClone(mail.typedData) as { message: { from: { wallet: string } } };
    wrongValue.message.from.wallet = '0x12';
    typeInto('Typed data (JSON)', JSON.stringify(wrongValue));
    press('Review typed data');
    await expect.poll(() => alertWords().join(' '), poll).toContain('message.from.wallet');
    expect(allByRole('button', 'Sign typed data')).toHaveLength(0);

    await openTool('Verify');
    typeInto('Signed message', 'hello');
    typeInto('Signature', '0x1234');
    typeInto('Expected signer (optional)', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'.replace('f39f', 'F39F'));
    press('Verify');
    await expect.poll(() => alertWords()[0], poll).toMatch(/2 bytes/);
    expect(fieldLabelled('Signature').value).toBe('0x1234');
    typeInto('Signature', await someone.signMessage({ message: 'hello' }));
    press('Verify');
    await expect.poll(() => alertWords().join(' '), poll).toMatch(/checksum/i);
  });
});
