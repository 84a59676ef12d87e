// Contracts: every argument field refuses bad input next to itself with its reason, keeps what was
// typed, and nothing is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { Send } from './pages/Send.ts';
import { badChecksum, contractsPage } from './support/contractsPage.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

const { DAI } = demoContractAddresses();
/** Demo account 1, the account the demo wallet opens on. */
const me = demoAddress(0);
const ERC20 = { source: 'known', standard: 'ERC-20 token' } as const;

describe('contract inputs', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });
  const openContracts = () => contractsPage(env);

  it('refuses every bad input next to its field with its reason, keeping what was typed, and sends nothing', async () => {
    const { page, contracts } = await openContracts();
    const node = nodeClient(env.chain.url);
    const nonce = await node.getTransactionCount({ address: me });
    const send = new Send(page);

    // A capital letter out of place in the address.
    const wrong = badChecksum(DAI);
    await contracts.load(wrong, ERC20);
    await expect.poll(() => contracts.fieldError(contracts.address)).toMatch(/do not match its checksum \(EIP-55\)/);
    expect(await contracts.address.inputValue()).toBe(wrong);
    expect(await contracts.functions.count()).toBe(0);

    // A pasted ABI with a syntax error on its second line.
    const brokenAbi =
      'function balanceOf(address owner) view returns (uint256)\nfunction transfer(address to uint256 value)';
    await contracts.load(DAI, { source: 'paste', text: brokenAbi });
    await expect.poll(() => contracts.fieldError(contracts.pastedAbi)).toMatch(/^Line 2: /);
    expect(await contracts.pastedAbi.inputValue()).toBe(brokenAbi);
    expect(await contracts.functions.count()).toBe(0);

    // Whole numbers only, and no negative ones, for uint256.
    await contracts.load(DAI, ERC20);
    await contracts.waitLoaded(DAI);
    const transfer = await contracts.openFunction('Write', 'transfer(address,uint256)');
    const value = contracts.field(transfer, 'value (uint256)');
    await contracts.field(transfer, 'to (address)').fill(demoAddress(9));
    for (const [text, reason] of [
      ['-1', /^value: uint256 takes 0 to \d+; -1 is negative\.$/],
      ['1.5', /^value: uint256 takes whole numbers; "1\.5" has a decimal point/],
    ] as const) {
      await value.fill(text);
      await transfer.getByRole('button', { name: 'Continue to review' }).click();
      await expect.poll(() => contracts.fieldError(value)).toMatch(reason);
      expect(await value.inputValue()).toBe(text);
      expect(await send.form.count()).toBe(0);
    }

    // bytes32 of the wrong length and a list that is never closed.
    const checks = 'function check(bytes32 digest, address[] signers) view returns (bool)\nfunction deposit() payable';
    await contracts.load(DAI, { source: 'paste', text: checks });
    await contracts.waitLoaded(DAI);
    const check = await contracts.openFunction('Read', 'check(bytes32,address[])');
    const digest = contracts.field(check, 'digest (bytes32)');
    const signers = contracts.field(check, 'signers (address[])');
    expect(await check.textContent()).toContain('such as ["0x…", "0x…"]');
    const malformed = `["${demoAddress(1)}", "${demoAddress(2)}"`;
    await digest.fill('0x1234');
    await signers.fill(malformed);
    await check.getByRole('button', { name: 'Read', exact: true }).click();
    await expect
      .poll(() => contracts.fieldError(digest))
      .toBe('digest: bytes32 needs exactly 32 bytes (64 hex digits); got 2 bytes.');
    expect(await contracts.fieldError(signers)).toBe('signers: the [ at character 1 is never closed with ].');
    expect(await digest.inputValue()).toBe('0x1234');
    expect(await signers.inputValue()).toBe(malformed);
    expect(await check.getByRole('status', { name: 'Result of check' }).textContent()).toBe('');

    // Well-formed values reach the node; DAI has no such function, and the node's refusal is shown as a sentence.
    await digest.fill(`0x${'ab'.repeat(32)}`);
    await signers.fill(`["${demoAddress(1)}"]`);
    await check.getByRole('button', { name: 'Read', exact: true }).click();
    await expect
      .poll(() =>
        check
          .getByRole('alert')
          .filter({ hasText: /^Could not read/ })
          .textContent(),
      )
      .toBe(
        'Could not read check: The contract refused the call without giving a reason. If the ABI does not match this contract, it may have no function check(bytes32,address[]).',
      );
    expect(await contracts.fieldError(digest)).toBe('');

    // The coin sent with a payable call is an amount in ETH, refused like Send refuses it.
    const deposit = await contracts.openFunction('Write', 'deposit()');
    const coins = contracts.field(deposit, 'Value in ETH');
    await coins.fill('1e18');
    await deposit.getByRole('button', { name: 'Continue to review' }).click();
    await expect.poll(() => contracts.fieldError(coins)).toMatch(/without exponent notation/);
    expect(await coins.inputValue()).toBe('1e18');
    expect(await send.form.count()).toBe(0);

    expect(await node.getTransactionCount({ address: me })).toBe(nonce);
    expect(await node.getTransactionCount({ address: me, blockTag: 'pending' })).toBe(nonce);
  });
});
