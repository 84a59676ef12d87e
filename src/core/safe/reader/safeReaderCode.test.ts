import { describe, expect, it } from 'vitest';
import { SAFE_READER_SOURCE } from '../../../../scripts/generate/safeReader.ts';
import { compileCairnContract } from '../../../../scripts/generate/solc.ts';
import { SAFE_READER_CREATION } from './safeReaderCode.generated';

describe('the committed Safe reader code', () => {
  it('is what SafeReader.sol compiles to (run `npm run generate:safe-reader` after changing it)', () => {
    expect(SAFE_READER_CREATION).toBe(compileCairnContract(SAFE_READER_SOURCE, 'SafeReader').creation);
  }, 60_000);
});
