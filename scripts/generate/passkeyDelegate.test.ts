import { readFileSync } from 'node:fs';
import { p256 } from '@noble/curves/p256';
import { keccak256, numberToHex, toBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import * as committed from '../../src/core/smartAccount/passkey/passkeyDelegate.generated.ts';
import { computePasskeyDelegate, PASSKEY_DELEGATE_SOURCE } from './passkeyDelegate.ts';

describe('the committed passkey delegate module', () => {
  it('is what PasskeyAccount.sol compiles to, placed and hashed (run `npm run generate:passkey-delegate`)', async () => {
    const fresh = await computePasskeyDelegate();
    expect(committed.PASSKEY_DELEGATE_INIT_CODE).toBe(fresh.initCode);
    expect(committed.PASSKEY_DELEGATE_ADDRESS).toBe(fresh.address);
    expect(committed.PASSKEY_DELEGATE_SALT).toBe(fresh.salt);
    expect(committed.PASSKEY_DELEGATE_OPENZEPPELIN).toBe(fresh.openZeppelinVersion);
    expect({ ...committed.PASSKEY_DELEGATE_CODE_HASHES }).toEqual(fresh.codeHashes);
    expect(committed.passkeyDelegateAbi).toEqual(fresh.abi);
    expect(committed.PASSKEY_VERIFIER_INIT_CODE).toBe(fresh.verifier.initCode);
    expect(committed.PASSKEY_VERIFIER_ADDRESS).toBe(fresh.verifier.address);
    expect(committed.PASSKEY_VERIFIER_CODE_HASH).toBe(fresh.verifier.codeHash);
    // The delegate is built for that verifier: its constructor's argument ends the init code.
    expect(
      committed.PASSKEY_DELEGATE_INIT_CODE.toLowerCase().endsWith(fresh.verifier.address.slice(2).toLowerCase()),
    ).toBe(true);
  }, 60_000);

  it("gives SignerP256's constructor a point no one holds the key of, derived as its comment says", () => {
    const source = readFileSync(PASSKEY_DELEGATE_SOURCE, 'utf8');
    const constant = (name: string) => new RegExp(`${name} = (0x[0-9a-f]{64});`).exec(source)?.[1];
    const { Fp } = p256.CURVE;
    let x = Fp.create(BigInt(keccak256(toBytes('Cairn passkey account: a point whose key no one knows'))));
    for (;;) {
      const rhs = Fp.add(Fp.add(Fp.mul(Fp.sqr(x), x), Fp.mul(p256.CURVE.a, x)), p256.CURVE.b);
      // p ≡ 3 (mod 4): rhs^((p+1)/4) is a square root when there is one.
      const y = Fp.pow(rhs, (Fp.ORDER + 1n) / 4n);
      if (Fp.eql(Fp.sqr(y), rhs)) {
        const even = y % 2n === 0n ? y : Fp.neg(y);
        p256.ProjectivePoint.fromAffine({ x, y: even }).assertValidity();
        expect(constant('NO_ONES_X')).toBe(numberToHex(x, { size: 32 }));
        expect(constant('NO_ONES_Y')).toBe(numberToHex(even, { size: 32 }));
        return;
      }
      x = Fp.add(x, 1n);
    }
  });
});
