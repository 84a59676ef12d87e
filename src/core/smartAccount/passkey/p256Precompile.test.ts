import { describe, expect, it } from 'vitest';
import vectors from '@/testing/vectors/p256/eip7951-test-vectors-subset.json';
import { P256_VERIFY_INVALID, P256_VERIFY_VALID } from './p256Precompile';

describe("the precompile check's inputs", () => {
  it("are EIP-7951's test vectors: one it accepts, one it answers nothing to", () => {
    const [valid, invalid] = vectors;
    expect(P256_VERIFY_VALID).toBe(`0x${valid?.Input}`);
    expect(valid?.Expected).toBe(`${'00'.repeat(31)}01`);
    expect(P256_VERIFY_INVALID).toBe(`0x${invalid?.Input}`);
    expect(invalid?.Expected).toBe('');
  });
});
