import { describe, expect, it, vi } from 'vitest';
import { decryptKeystore, encryptKeystore, parseKeystore } from './keystore';

// As under a Content-Security-Policy without 'wasm-unsafe-eval': hash-wasm cannot compile.
const wasmScrypt = vi.hoisted(() =>
  vi.fn(async () => {
    throw new WebAssembly.CompileError(
      "WebAssembly.instantiate(): Refused to compile or instantiate WebAssembly module because 'unsafe-eval' is not an allowed source of script",
    );
  }),
);
vi.mock('hash-wasm', () => ({ scrypt: wasmScrypt }));

describe('keystore where WebAssembly is refused', () => {
  it('encrypts and decrypts with scrypt in JavaScript, reporting progress, and stops trying WebAssembly', async () => {
    const key = new Uint8Array(32).fill(7);
    const text = await encryptKeystore(key, 'pw', { n: 1024, r: 8, p: 1 });
    const fractions: number[] = [];
    const decrypted = await decryptKeystore(parseKeystore(text), 'pw', (f) => fractions.push(f));
    expect(decrypted).toEqual(key);
    expect(fractions[0]).toBe(0);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.length).toBeGreaterThan(2);
    expect(wasmScrypt).toHaveBeenCalledTimes(1);
  });

  it('still tells a wrong password', async () => {
    const text = await encryptKeystore(new Uint8Array(32).fill(9), 'right', { n: 1024 });
    await expect(decryptKeystore(parseKeystore(text), 'wrong')).rejects.toMatchObject({
      code: 'KEYS_KEYSTORE_WRONG_PASSWORD',
    });
  });
});
