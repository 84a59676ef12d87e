// The contract the "Deploy a contract" button deploys: SampleDeployable, whose Solidity source is
// devchain/contracts/SampleDeployable.sol, compiled by devchain/compile.ts (solc 0.8.28, optimizer
// on, 200 runs, cancun). It keeps its deployer and counts calls to poke(). The page holds the
// compiled init code itself (a page cannot run solc); devchain/sampleDeployable.test.ts checks it
// is what the compiler gives for that source.
import type { Hex } from 'viem';

/** SampleDeployable's init code (creation bytecode). */
export const SAMPLE_DEPLOYABLE_INIT_CODE: Hex =
  '0x60a0604052336080523480156012575f5ffd5b5060805161010d61002a5f395f6064015261010d5ff3fe6080604052348015600e575f5ffd5b5060043610603a575f3560e01c80631817835814603e5780638ac73305146046578063d5f39488146060575b5f5ffd5b6044609d565b005b604d5f5481565b6040519081526020015b60405180910390f35b60867f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b0390911681526020016057565b60015f5f82825460ac919060b3565b9091555050565b8082018082111560d157634e487b7160e01b5f52601160045260245ffd5b9291505056fea2646970667358221220e28f26c55596303e6a870118cabffdbe28a6bc8456118f35d8a6c74858e8e45d64736f6c634300081c0033';
