// SLIP-0039 figures (Node, same V8 as Chromium): splitting a 256-bit master secret into 3-of-5
// shares and restoring it from three, at the reference implementation's default iteration exponent
// (1: 20,000 PBKDF2-HMAC-SHA256 iterations over the Feistel's four rounds), against Node's native
// PBKDF2 running the same iterations alone, and the share arithmetic without the key stretching.
import { pbkdf2 as nodePbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import { pbkdf2Async as noblePbkdf2 } from '@noble/hashes/pbkdf2';
import { sha256 } from '@noble/hashes/sha2';
import { totalIterations } from '../src/core/keys/slip39/cipher.ts';
import { recoverEncryptedSecret } from '../src/core/keys/slip39/recovery.ts';
import { parseShare } from '../src/core/keys/slip39/share.ts';
import { combineMnemonics, DEFAULT_ITERATION_EXPONENT, splitMasterSecret } from '../src/core/keys/slip39/slip39.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { median } from './stats.ts';

const PASSPHRASE = 'TREZOR';
const ROUNDS = 4;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function time(runs: number, task: () => Promise<unknown> | unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  return times;
}

export async function benchSlip39(run: BenchRun): Promise<string> {
  const RUNS = sized(run, 15, 1);
  const exponent = DEFAULT_ITERATION_EXPONENT;
  const iterations = totalIterations(exponent);
  const masterSecret = crypto.getRandomValues(new Uint8Array(32));
  const split = () =>
    splitMasterSecret({
      masterSecret,
      passphrase: PASSPHRASE,
      groupThreshold: 1,
      groups: [{ threshold: 3, count: 5 }],
    });
  const [shares = []] = await split();
  const chosen = [shares[0], shares[2], shares[4]].filter((s): s is string => s !== undefined);
  const restored = await combineMnemonics(chosen, PASSPHRASE);
  if (Buffer.compare(Buffer.from(restored), Buffer.from(masterSecret)) !== 0)
    throw new Error('the restored master secret differs from the one split');

  // Native PBKDF2 for the same work: four rounds of a quarter of the iterations, 16 bytes each.
  const pbkdf2 = promisify(nodePbkdf2);
  const nativeKdf = async () => {
    for (let round = 0; round < ROUNDS; round++)
      await pbkdf2(new Uint8Array([round]), new Uint8Array(16), iterations / ROUNDS, 16, 'sha256');
  };
  // The same in pure JavaScript, as @noble/hashes would compute it (why cipher.ts uses WebCrypto).
  const javascriptKdf = async () => {
    for (let round = 0; round < ROUNDS; round++)
      await noblePbkdf2(sha256, new Uint8Array([round]), new Uint8Array(16), { c: iterations / ROUNDS, dkLen: 16 });
  };
  if (!run.smoke) {
    await split();
    await combineMnemonics(chosen, PASSPHRASE);
    await nativeKdf();
  }
  const splits: number[] = [];
  const restores: number[] = [];
  const natives: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    splits.push(...(await time(1, split)));
    restores.push(...(await time(1, () => combineMnemonics(chosen, PASSPHRASE))));
    natives.push(...(await time(1, nativeKdf)));
  }
  const javascript = median(await time(sized(run, 3, 1), javascriptKdf));
  const arithmetic = await time(sized(run, 200, 1), () => recoverEncryptedSecret(chosen.map(parseShare)));
  const native = median(natives);
  const per10k = (value: number) => `${((value / iterations) * 10_000).toFixed(1)} ms per 10,000 iterations`;
  return [
    `SLIP-0039, 256-bit master secret, 3-of-5, iteration exponent ${exponent} (the reference default):`,
    `  ${iterations.toLocaleString('en')} PBKDF2-HMAC-SHA256 iterations per split or restore (${ROUNDS} rounds of ${(iterations / ROUNDS).toLocaleString('en')}); median of ${RUNS}, alternating`,
    `  split into 5 shares (33 words each)       ${ms(median(splits))}   ${per10k(median(splits))}`,
    `  restore from 3 shares                     ${ms(median(restores))}   ${per10k(median(restores))}`,
    `  Node native PBKDF2, the same iterations   ${ms(native)}   restore/native ${(median(restores) / native).toFixed(2)}×`,
    `  @noble/hashes PBKDF2 (pure JS), the same  ${ms(javascript)}   ${(javascript / native).toFixed(1)}× native`,
    `  share arithmetic alone (parse 3, Shamir, digest; no key stretching)   ${median(arithmetic).toFixed(2)} ms`,
  ].join('\n');
}
