import { describe, expect, it } from 'vitest';
import { SAMPLE_DEPLOYABLE_INIT_CODE } from '../examples/dapp/src/deployable.ts';
import { compileContracts } from './compile.ts';

describe('the sample dApp’s deployable contract', () => {
  it('is the init code the compiler gives for devchain/contracts/SampleDeployable.sol', () => {
    expect(SAMPLE_DEPLOYABLE_INIT_CODE).toBe(compileContracts().SampleDeployable?.bytecode);
    // In a fresh clone this call compiles every contract with solc: seconds on a busy machine.
  }, 60_000);
});
