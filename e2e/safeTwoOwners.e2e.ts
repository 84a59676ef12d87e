// Two people, each with their own Cairn (two browser profiles), run the seeded 2-of-3 Safe with no
// server but the node: Alice (Demo account 1's key only) proposes from Send and signs; she passes
// the transaction by file to Bob (Demo account 2's key only), who refuses a stranger's signature,
// signs, and passes it back by a picture of its QR code; Alice executes it and the ETH moves.
import { readFileSync } from 'node:fs';
import { getAddress, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSafeAddress } from '../devchain/demoSafe.ts';
import { demoAddress } from '../devchain/seedSupport.ts';
import { LOCAL_CHAIN_ID } from '../src/core/chain/localChain.ts';
import { safeAbi } from '../src/core/safe/safeAbi.ts';
import { safeTxTypedData } from '../src/core/safe/safeTx.ts';
import { encodeSafeTxFile, parseSafeTxFile } from '../src/core/safe/safeTxFile.ts';
import { encodeUr, UrDecoder } from '../src/core/ur/ur.ts';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding } from './pages/Onboarding.ts';
import { SafeScreen } from './pages/Safe.ts';
import { Send } from './pages/Send.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { type AppPage, type Environment, startEnvironment } from './support/environment.ts';
import { qrPicture, qrText } from './support/qrPictures.ts';
import { nodeClient } from './support/rpc.ts';

/** The public Hardhat test keys of Demo accounts 1 and 2 (owners) and 10 (no owner). */
const KEYS = {
  alice: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  bob: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  stranger: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
} as const;

/** The photo input of the scanner. */
const PICTURE_INPUT = 'Or choose a photo or screenshot of the code';

describe('a 2-of-3 Safe run by two people, each with their own Cairn', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  /** A new profile holding only `key`, with the seeded Safe added as "Team Safe", on its screen. */
  async function ownerWallet(key: string): Promise<AppPage & { safe: SafeScreen }> {
    const opened = await env.newPage();
    const { page } = opened;
    await new AppShell(page).open(env.server.url);
    const onboarding = new Onboarding(page);
    await onboarding.method('Import a private key').click();
    await page.getByLabel('Private key', { exact: true }).fill(key);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('This key controls').waitFor();
    await onboarding.finishWithPassword();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const safe = new SafeScreen(page);
    await safe.startAdding(demoSafeAddress());
    await safe.finishAdding('Team Safe');
    return { ...opened, safe };
  }

  // Two profiles set up, a QR code read frame by frame: over a minute on a busy machine.
  it('proposes in one, passes it by file and by QR picture, confirms in the other, and executes', async () => {
    const node = nodeClient(env.chain.url);
    const safeAddress = demoSafeAddress();
    const recipient = getAddress(demoAddress(11));
    const before = await node.getBalance({ address: recipient });
    const nonce = await node.readContract({ address: safeAddress, abi: safeAbi, functionName: 'nonce' });
    const alice = await ownerWallet(KEYS.alice);
    const bob = await ownerWallet(KEYS.bob);

    // Alice proposes from Send: a proposal, nothing sent.
    const send = new Send(alice.page);
    await send.open();
    await send.fill({ from: 'Team Safe', recipient, amount: '1.25' });
    await send.continue();
    await send.review.waitFor({ timeout: 15_000 });
    await expect.poll(() => send.review.textContent(), { timeout: 15_000 }).toMatch(/safeTxHash0x[0-9a-f]{64}/);
    await send.review.getByRole('button', { name: 'Propose to the Safe' }).click();
    await alice.page.getByRole('link', { name: 'Open the Safe' }).click();
    await alice.safe.waitFor();
    const aliceCard = alice.safe.transaction(nonce);
    await expect.poll(() => aliceCard.textContent()).toContain('0 of 2 confirmed');
    await aliceCard.getByRole('button', { name: /^Sign as / }).click();
    await expect.poll(() => aliceCard.textContent()).toContain('1 of 2 confirmed');

    // By file to Bob.
    await aliceCard.getByRole('button', { name: 'Pass it on' }).click();
    const download = alice.page.waitForEvent('download');
    await aliceCard.getByRole('button', { name: 'Download the file' }).click();
    const filePath = (await (await download).path()) ?? '';
    const file = parseSafeTxFile(readFileSync(filePath, 'utf8'));
    expect(file.signatures.map((s) => s.signer)).toEqual([getAddress(demoAddress(0))]);
    await bob.safe.importSection.getByLabel('Or choose the file').setInputFiles(filePath);
    await expect.poll(() => bob.safe.importOutcome()).toContain('1 signature added.');
    const bobCard = bob.safe.transaction(nonce);
    await expect.poll(() => bobCard.textContent()).toContain('1 of 2 confirmed');

    // A stranger's signature, passed along with the file, is refused on its own, naming why.
    const stranger = privateKeyToAccount(KEYS.stranger);
    const forged = {
      ...file,
      signatures: [
        {
          signer: stranger.address,
          data: await stranger.signTypedData(
            safeTxTypedData({ chainId: LOCAL_CHAIN_ID, address: safeAddress }, file.tx),
          ),
        },
      ],
    };
    await bob.safe.importText(encodeSafeTxFile(forged));
    await expect.poll(() => bob.safe.importOutcome()).toContain('1 signature refused');
    expect(await bob.safe.importOutcome()).toContain('not an owner of this Safe');
    expect(await bobCard.textContent()).toContain('1 of 2 confirmed');

    await bobCard.getByRole('button', { name: /^Sign as / }).click();
    await expect.poll(() => bobCard.textContent()).toContain('2 of 2 confirmed');
    await bob.page.setViewportSize({ width: 360, height: 800 });
    const violations = await seriousViolations(bob.page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await bob.page.setViewportSize({ width: 1280, height: 800 });

    // Back to Alice as a picture of the QR code Bob's Cairn draws (its frames read as a camera would).
    await bobCard.getByRole('button', { name: 'Pass it on' }).click();
    await bobCard.getByRole('button', { name: 'Show the QR code' }).click();
    const code = bobCard.getByRole('img', { name: new RegExp(`Safe transaction, nonce ${nonce}`) });
    const decoder = new UrDecoder();
    await expect
      .poll(
        async () => {
          const frame = await qrText(code);
          if (frame) decoder.receive(frame);
          return decoder.result() !== undefined;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    const whole = decoder.result();
    if (!whole) throw new Error('the QR code was not read whole');
    await alice.safe.importSection.getByText('Scan a QR code').click();
    await alice.safe.importSection
      .getByLabel(PICTURE_INPUT)
      .setInputFiles(qrPicture(encodeUr(whole).toUpperCase(), 'safe-tx'));
    await expect.poll(() => alice.safe.importOutcome()).toContain('1 signature added.');
    await expect.poll(() => aliceCard.textContent()).toContain('2 of 2 confirmed');

    // Alice executes; the chain says the ETH moved.
    await aliceCard.getByRole('button', { name: 'Execute', exact: true }).click();
    await aliceCard.getByRole('button', { name: 'Review the execution' }).click();
    const review = aliceCard.getByRole('region', { name: 'Review' });
    await review.waitFor({ timeout: 15_000 });
    await review.getByRole('button', { name: 'Confirm and send' }).click();
    await expect
      .poll(() => aliceCard.textContent(), { timeout: 30_000 })
      .toContain('The Safe executed the transaction (ExecutionSuccess).');
    expect((await node.getBalance({ address: recipient })) - before).toBe(parseEther('1.25'));
    // What the Safe logged shows it at the head that brought it, on the same screen.
    await expect
      .poll(() => alice.page.getByRole('list', { name: 'What the Safe logged' }).textContent())
      .toContain(`Executed the Safe transaction ${file.safeTxHash}.`);
    expect(await node.readContract({ address: safeAddress, abi: safeAbi, functionName: 'nonce' })).toBe(nonce + 1n);
    expect(alice.consoleErrors).toEqual([]);
    expect(bob.consoleErrors).toEqual([]);
  }, 120_000);
});
