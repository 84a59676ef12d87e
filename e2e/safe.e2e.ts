// A Safe multisig on the local chain with no server but the node: the seeded 2-of-3 Safe added
// from Add wallet, its owners shown as the demo accounts; a transaction another owner (demo
// account 2) proposed and signed offline, imported as a cairn: link (a corrupted one refused);
// signed in the UI as demo account 1, passed on as a file holding both signatures, then executed
// from demo account 3, which pays the gas; the chain says the ETH moved and the Safe's nonce
// moved on. The Safe screen passes axe at 360 px.
import { readFileSync } from 'node:fs';
import { getAddress, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSafeAddress } from '../devchain/demoSafe.ts';
import { demoAccount, demoAddress } from '../devchain/seedSupport.ts';
import { LOCAL_CHAIN_ID } from '../src/core/chain/localChain.ts';
import { safeAbi } from '../src/core/safe/safeAbi.ts';
import { callSafeTx, execTransactionCall, safeTxHash, safeTxTypedData } from '../src/core/safe/safeTx.ts';
import { parseSafeTxFile, safeTxFile, safeTxLink } from '../src/core/safe/safeTxFile.ts';
import { encodeSignatures } from '../src/core/safe/signatures.ts';
import { SafeScreen } from './pages/Safe.ts';
import { Send } from './pages/Send.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

describe('Safe multisig', () => {
  let env: Environment;

  /** The demo wallet with the demo Safe added as "Team Safe", on its screen. */
  async function withTeamSafe() {
    const { page, consoleErrors } = await demoWalletPage(env);
    const safe = demoSafeAddress();
    const screen = new SafeScreen(page);
    await screen.startAdding(safe);
    await screen.finishAdding('Team Safe');
    return { page, consoleErrors, node: nodeClient(env.chain.url), safe, screen };
  }
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('adds the seeded Safe, takes a signed transaction, signs it, passes it on and executes it', async () => {
    const { page, consoleErrors } = await demoWalletPage(env);
    const node = nodeClient(env.chain.url);
    const safe = demoSafeAddress();
    const screen = new SafeScreen(page);

    await screen.startAdding(safe);
    const owners = (await screen.owners.textContent()) ?? '';
    for (const name of ['Demo account 1', 'Demo account 2', 'Demo account 3'])
      expect(owners).toContain(`yours: ${name}`);
    expect(await page.getByRole('main').textContent()).toContain('2 of 3 owners');
    await screen.finishAdding('Team Safe');
    expect((await screen.owners.textContent()) ?? '').toContain('yours: Demo account 3');
    // Its own history, from its events: the seed's execution, and the ETH it received before.
    const history = page.getByRole('list', { name: 'What the Safe logged' });
    await expect
      .poll(() => history.textContent())
      .toMatch(/^Executed the Safe transaction 0x[0-9a-f]{64}\. Block \d+.*Received 5\.1 ETH/);

    // Another owner's proposal, made and signed as their Cairn would: 1 ETH at the Safe's nonce.
    const nonce = await node.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
    const recipient = getAddress(demoAddress(7));
    const before = await node.getBalance({ address: recipient });
    const tx = callSafeTx({ to: recipient, value: parseEther('1'), data: '0x' }, nonce);
    const second = demoAccount(1);
    const signature = await second.signTypedData(safeTxTypedData({ chainId: LOCAL_CHAIN_ID, address: safe }, tx));
    const file = safeTxFile({
      chainId: LOCAL_CHAIN_ID,
      safe,
      tx,
      signatures: [{ signer: second.address, kind: 'eip712', data: signature }],
    });
    const link = safeTxLink(file);

    await screen.importText(link.slice(0, -30));
    await expect.poll(() => screen.importRefusal()).toContain('cut off or damaged');
    expect(await screen.transaction(nonce).count()).toBe(0);

    await screen.importText(link);
    await expect.poll(() => screen.importOutcome()).toContain(`Kept the Safe transaction of nonce ${nonce}.`);
    expect(await screen.importOutcome()).toContain('1 signature added.');
    const card = screen.transaction(nonce);
    await expect.poll(() => card.textContent()).toContain('1 of 2 confirmed');
    expect(await card.textContent()).toContain('Waiting for confirmations');

    await page.setViewportSize({ width: 360, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    // Whole addresses and hashes wrap: nothing runs past a phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole('button', { name: 'Sign as Demo account 1' }).click();
    await expect.poll(() => card.textContent()).toContain('2 of 2 confirmed');
    expect(await card.textContent()).toContain('Confirmed: ready to execute');

    await card.getByRole('button', { name: 'Pass it on' }).click();
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download the file' }).click();
    const passed = parseSafeTxFile(readFileSync((await (await download).path()) ?? '', 'utf8'));
    expect(passed.safeTxHash).toBe(file.safeTxHash);
    expect(passed.signatures.map((s) => s.signer).sort()).toEqual(
      [getAddress(demoAddress(0)), getAddress(second.address)].sort(),
    );

    await card.getByRole('button', { name: 'Show the QR code' }).click();
    await card.getByRole('img', { name: new RegExp(`Safe transaction, nonce ${nonce}`) }).waitFor();

    await card.getByRole('button', { name: 'Execute', exact: true }).click();
    await card.getByLabel('Execute from').selectOption({ label: `Demo account 3 — ${getAddress(demoAddress(2))}` });
    await card.getByRole('button', { name: 'Review the execution' }).click();
    const review = card.getByRole('region', { name: 'Review' });
    await review.waitFor({ timeout: 15_000 });
    expect(await review.textContent()).toContain('Network fee');
    await review.getByRole('button', { name: 'Confirm and send' }).click();
    await expect
      .poll(() => card.textContent(), { timeout: 30_000 })
      .toContain('The Safe executed the transaction (ExecutionSuccess).');
    await expect.poll(() => screen.transactionStatus(nonce)).toMatch(/^Executed/);

    expect((await node.getBalance({ address: recipient })) - before).toBe(parseEther('1'));
    expect(await node.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })).toBe(nonce + 1n);
    expect(consoleErrors).toEqual([]);
  });

  it('confirms on-chain as an owner, and marks a transaction whose nonce another took as replaced', async () => {
    const { consoleErrors, node, safe, screen } = await withTeamSafe();

    const nonce = await node.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
    const proposed = callSafeTx({ to: getAddress(demoAddress(8)), value: parseEther('0.5'), data: '0x' }, nonce);
    await screen.importText(safeTxLink(safeTxFile({ chainId: LOCAL_CHAIN_ID, safe, tx: proposed, signatures: [] })));
    await expect.poll(() => screen.importOutcome()).toContain('No signature added.');
    const card = screen.transaction(nonce);
    await expect.poll(() => card.textContent()).toContain('0 of 2 confirmed');

    await card.getByRole('button', { name: 'Confirm on-chain as Demo account 2' }).click();
    const review = card.getByRole('region', { name: 'Review' });
    await review.waitFor({ timeout: 15_000 });
    expect(await review.textContent()).toContain('Network fee');
    await review.getByRole('button', { name: 'Confirm and send' }).click();
    await expect
      .poll(() => card.textContent(), { timeout: 30_000 })
      .toContain('confirmed on-chain, yours: Demo account 2');
    expect(await card.textContent()).toContain('1 of 2 confirmed');

    // Two other owners execute another transaction at that nonce, elsewhere.
    const other = callSafeTx({ to: getAddress(demoAddress(9)), value: 1n, data: '0x' }, nonce);
    const typed = safeTxTypedData({ chainId: LOCAL_CHAIN_ID, address: safe }, other);
    const signatures = await Promise.all(
      [demoAccount(0), demoAccount(2)].map(async (owner) => ({
        signer: owner.address,
        kind: 'eip712' as const,
        data: await owner.signTypedData(typed),
      })),
    );
    const call = execTransactionCall(safe, other, encodeSignatures(signatures));
    const hash = await node.sendTransaction({ account: demoAddress(5), to: call.to, data: call.data, chain: null });
    expect((await node.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(safeTxHash({ chainId: LOCAL_CHAIN_ID, address: safe }, other)).not.toBe(
      safeTxHash({ chainId: LOCAL_CHAIN_ID, address: safe }, proposed),
    );
    await expect.poll(() => screen.transactionStatus(nonce), { timeout: 30_000 }).toMatch(/^Replaced/);
    expect(await card.getByRole('button', { name: /^Sign as/ }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('proposes a batch from Send as one MultiSendCallOnly Safe transaction, confirmed and executed', async () => {
    const { page, consoleErrors, node, safe, screen } = await withTeamSafe();
    const [first, second] = [getAddress(demoAddress(12)), getAddress(demoAddress(13))];
    const before = await Promise.all([first, second].map((address) => node.getBalance({ address })));
    const nonce = await node.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });

    const send = new Send(page);
    await send.open();
    await send.fill({ from: 'Team Safe', recipient: first, amount: '0.5' });
    await send.addToBatch();
    await send.fill({ recipient: second, amount: '0.25' });
    await send.addToBatch();
    await send.reviewBatch();
    await expect.poll(() => send.review.textContent(), { timeout: 15_000 }).toMatch(/safeTxHash0x[0-9a-f]{64}/);
    await send.review.getByRole('button', { name: 'Propose to the Safe' }).click();
    await page.getByRole('link', { name: 'Open the Safe' }).click();
    await screen.waitFor();

    const card = screen.transaction(nonce);
    await expect.poll(() => card.textContent()).toContain('A batch of 2 calls through Safe’s MultiSendCallOnly');
    for (const owner of ['Demo account 1', 'Demo account 2'])
      await card.getByRole('button', { name: `Sign as ${owner}` }).click();
    await expect.poll(() => card.textContent()).toContain('2 of 2 confirmed');
    await card.getByRole('button', { name: 'Execute', exact: true }).click();
    await card.getByRole('button', { name: 'Review the execution' }).click();
    const review = card.getByRole('region', { name: 'Review' });
    await review.getByRole('button', { name: 'Confirm and send' }).click();
    await expect
      .poll(() => card.textContent(), { timeout: 30_000 })
      .toContain('The Safe executed the transaction (ExecutionSuccess).');
    const after = await Promise.all([first, second].map((address) => node.getBalance({ address })));
    expect(after).toEqual([(before[0] ?? 0n) + parseEther('0.5'), (before[1] ?? 0n) + parseEther('0.25')]);
    expect(consoleErrors).toEqual([]);
  });
});
