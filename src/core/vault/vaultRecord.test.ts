import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legacyVaultRecord } from '@/testing/vaultFixtures';
import { isCairnError } from '../errors/base';
import { decodeContents, encodeContents, type VaultContents } from './vaultContents';
import { deriveVaultKey, newKdf, openVault, sealVault, VAULT_KDF_ITERATIONS } from './vaultCrypto';
import { isSameRecord, parseVaultRecord, withChecksum } from './vaultRecord';

const lowKdf = { minimumIterations: 1 };

const contentsArbitrary: fc.Arbitrary<VaultContents> = fc.record({
  secrets: fc.array(
    fc.oneof(
      fc.record({
        id: fc.uuid(),
        kind: fc.constant('phrase' as const),
        origin: fc.constant('created' as const),
        backedUp: fc.boolean(),
        createdAt: fc.nat(),
        language: fc.constant('english' as const),
        phrase: fc.uint8Array({ minLength: 1, maxLength: 200 }),
        passphrase: fc.uint8Array({ maxLength: 50 }),
      }),
      fc.record({
        id: fc.uuid(),
        kind: fc.constant('privateKey' as const),
        origin: fc.constant('imported-key' as const),
        backedUp: fc.boolean(),
        createdAt: fc.nat(),
        privateKey: fc.uint8Array({ minLength: 32, maxLength: 32 }),
      }),
    ),
    { maxLength: 4 },
  ),
  accounts: fc.array(
    fc.record({
      id: fc.uuid(),
      name: fc.string({ maxLength: 40 }),
      address: fc.constant('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const),
      source: fc.constant({ kind: 'watch' as const }),
      hidden: fc.boolean(),
      demo: fc.boolean(),
      createdAt: fc.nat(),
    }),
    { maxLength: 5 },
  ),
});

describe('vault encryption', () => {
  it('uses PBKDF2-SHA256 with at least 600,000 iterations and a random 16-byte salt by default', () => {
    const a = newKdf();
    const b = newKdf();
    expect(a.iterations).toBe(VAULT_KDF_ITERATIONS);
    expect(VAULT_KDF_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    expect(a.salt).not.toBe(b.salt);
  });

  it('round-trips any contents through encode → seal → store → parse → open → decode', async () => {
    const key = await deriveVaultKey('pw-round-trip', newKdf(1_000));
    await fc.assert(
      fc.asyncProperty(contentsArbitrary, async (contents) => {
        const record = await sealVault(encodeContents(contents), key);
        expect(record).toMatchObject({
          format: 'cairn-vault',
          version: 2,
          revision: 1,
          kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: 1_000 },
        });
        const stored = JSON.parse(JSON.stringify(record));
        const opened = decodeContents(await openVault(await parseVaultRecord(stored, lowKdf), key));
        expect(opened).toEqual(contents);
      }),
      { numRuns: 40 },
    );
  });

  it('uses a fresh IV for every write', async () => {
    const key = await deriveVaultKey('pw', newKdf(1_000));
    const plaintext = new Uint8Array([1, 2, 3]);
    const [a, b] = [await sealVault(plaintext, key), await sealVault(plaintext, key)];
    expect(a.cipher.iv).not.toBe(b.cipher.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it('fails with a clear error when any byte of the stored record is changed', async () => {
    const password = 'flip-test-password';
    const key = await deriveVaultKey(password, newKdf(1_000));
    const record = await sealVault(encodeContents({ secrets: [], accounts: [] }), key);
    const text = JSON.stringify(record);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: text.length - 1 }), fc.integer({ min: 1, max: 255 }), async (position, flip) => {
        const bytes = new TextEncoder().encode(text);
        bytes[position] = (bytes[position] ?? 0) ^ flip;
        let outcome: string;
        try {
          const parsed = await parseVaultRecord(JSON.parse(new TextDecoder().decode(bytes)), lowKdf);
          await openVault(parsed, await deriveVaultKey(password, parsed.kdf));
          outcome = 'opened';
        } catch (error) {
          outcome =
            error instanceof SyntaxError ? 'VAULT_CORRUPTED' : isCairnError(error) ? error.code : `unexpected ${error}`;
        }
        expect(['VAULT_CORRUPTED', 'VAULT_WRONG_PASSWORD', 'VAULT_UNSUPPORTED_VERSION']).toContain(outcome);
      }),
      { numRuns: 300 },
    );
  });

  it('detects tampering that keeps the checksum consistent (GCM authentication)', async () => {
    const key = await deriveVaultKey('pw', newKdf(1_000));
    const record = await sealVault(new Uint8Array([1, 2, 3, 4]), key);
    const tampered = await withChecksum({ ...record, kdf: { ...record.kdf, iterations: 999 } });
    await expect(openVault(await parseVaultRecord(tampered, lowKdf), key)).rejects.toMatchObject({
      code: 'VAULT_WRONG_PASSWORD',
    });
  });

  it('refuses a wrong password', async () => {
    const record = await sealVault(new Uint8Array([9]), await deriveVaultKey('right', newKdf(1_000)));
    await expect(openVault(record, await deriveVaultKey('wrong', record.kdf))).rejects.toMatchObject({
      code: 'VAULT_WRONG_PASSWORD',
      shortMessage: 'Wrong password.',
    });
  });

  it('names newer formats and damaged fields', async () => {
    const record = await sealVault(new Uint8Array([9]), await deriveVaultKey('x', newKdf(1_000)));
    await expect(parseVaultRecord({ ...record, version: 4 })).rejects.toMatchObject({
      code: 'VAULT_UNSUPPORTED_VERSION',
      shortMessage: expect.stringContaining('made by a newer version of Cairn'),
    });
    await expect(
      parseVaultRecord({ ...record, cipher: { name: 'AES-CBC', iv: record.cipher.iv } }, lowKdf),
    ).rejects.toMatchObject({
      code: 'VAULT_CORRUPTED',
      details: 'cipher',
    });
    await expect(parseVaultRecord('nonsense')).rejects.toMatchObject({ code: 'VAULT_CORRUPTED' });
  });

  it('refuses a vault of any format whose KDF is below 600,000 iterations (every Cairn wrote 1,000,000), in words', async () => {
    expect(VAULT_KDF_ITERATIONS).toBe(1_000_000);
    const key = await deriveVaultKey('pw', newKdf(1_000));
    const weak = {
      code: 'VAULT_WEAK_KDF',
      shortMessage: expect.stringContaining('weaker than Cairn accepts: it may have been tampered with'),
      details: '1,000 PBKDF2 iterations; at least 600,000 are required',
    };
    await expect(parseVaultRecord(await sealVault(new Uint8Array([1, 2, 3]), key, 7))).rejects.toMatchObject(weak);
    const legacy = await legacyVaultRecord(new Uint8Array([1, 2, 3]), key);
    await expect(parseVaultRecord(legacy)).rejects.toMatchObject(weak);
    // An old-format record at the floor reads (as revision 0) and opens, to be upgraded.
    const old = await parseVaultRecord(legacy, { minimumIterations: 1_000 });
    expect(old).toMatchObject({ version: 1, revision: 0, kdf: { iterations: 1_000 } });
    expect(await openVault(old, key)).toBeDefined();
  });

  it('binds the revision counter into the checksum and compares records by revision and checksum', async () => {
    const key = await deriveVaultKey('pw', newKdf(1_000));
    const record = await sealVault(new Uint8Array([1]), key, 4);
    expect((await parseVaultRecord(record, lowKdf)).revision).toBe(4);
    await expect(parseVaultRecord({ ...record, revision: 5 }, lowKdf)).rejects.toMatchObject({
      code: 'VAULT_CORRUPTED',
      details: 'checksum mismatch',
    });
    expect(isSameRecord(record, record)).toBe(true);
    expect(isSameRecord({ ...record, revision: 5 }, record)).toBe(false);
    expect(isSameRecord(await sealVault(new Uint8Array([1]), key, 4), record)).toBe(false);
    expect(isSameRecord(undefined, record)).toBe(false);
  });
});
