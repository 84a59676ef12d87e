// Helpers shared by the keystore tests: the vectors, a fast sample file, and error catchers.
import { hexToBytes } from 'viem';
import { KeyError } from '@/core/errors/keys';
import basicTests from '@/testing/vectors/keystore/ethereum-tests-KeyStoreTests-basic_tests.json';
import wallets from '@/testing/vectors/keystore/ethers-testcases-wallets.json';

export { basicTests, wallets };

export const SLOW = 30_000;

export const keystoreWallets = wallets.filter((w) => w.type === 'keystore');
export const crowdsaleWallets = wallets.filter((w) => w.type === 'crowdsale');

export function utf8OfHex(hex: string): string {
  return new TextDecoder().decode(hexToBytes(hex as `0x${string}`));
}

export function walletNamed(name: string) {
  const wallet = wallets.find((w) => w.name === name);
  if (!wallet) throw new Error(`no wallet ${name}`);
  return wallet;
}

/** The mycrypto vector (scrypt n=8192, with an address): fast enough to decrypt in many tests. */
export const mycrypto = basicTests.mycrypto;
export const mycryptoText = JSON.stringify(mycrypto.json);

export type Obj = Record<string, unknown>;
/** The parts of a fresh copy of the mycrypto file (all aliasing `root`), for building damaged files. */
export type Parts = { root: Obj; crypto: Obj; kdfparams: Obj; cipherparams: Obj };

export function mycryptoParts(): Parts {
  const root = JSON.parse(mycryptoText) as Obj;
  const crypto = root.crypto as Obj;
  return { root, crypto, kdfparams: crypto.kdfparams as Obj, cipherparams: crypto.cipherparams as Obj };
}

export async function rejection(promise: Promise<unknown>): Promise<KeyError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof KeyError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

export function thrown(fn: () => unknown): KeyError {
  try {
    fn();
  } catch (error) {
    if (error instanceof KeyError) return error;
    throw error;
  }
  throw new Error('expected an error');
}
