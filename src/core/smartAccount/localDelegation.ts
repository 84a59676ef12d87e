import type { Hex } from 'viem';
import type { FrameworkContract } from './frameworkCodeHashes.generated';

/**
 * keccak256 of the code the local chain (chain id 31337) holds at each contract of MetaMask's
 * Delegation Framework that Cairn checks, at its published v1.3.0 address (delegates.ts).
 * devchain/delegation.ts deploys them from @metamask/delegation-abis 2.0.0's creation code and
 * moves them there. The delegator's and the manager's immutables hold the local chain's id and the
 * address each was deployed at first, so their hashes are the local chain's alone. The enforcers
 * keep nothing of the chain, but the package's creation code differs from MetaMask's broadcast in
 * the metadata hash solc appends, so theirs are not the live chains' either.
 * devchain/delegation.integration.test.ts checks them against the seeded chain: after a change of
 * the package or of the seed, copy the hashes that test reports.
 */
export const LOCAL_CODE_HASHES: Readonly<Record<FrameworkContract, Hex>> = Object.freeze({
  delegator: '0x48219cf9526a521dd5c317be4036756ddcc62c831b3c36737b01373c5485e52a',
  delegationManager: '0xcc2b89c9086a79fc01598ccca66ded6a29b59bf46d4e239b5fee9b985ee4bb3d',
  exactExecutionBatchEnforcer: '0x7f11992d0b946c34a34acd0fe23650930c6f101ad57a732f93ac2f6d1cfade40',
  timestampEnforcer: '0x21e584feccaac06d3b3efb9b70a6d69ea1202e8cc58e2f9bdd9c04a84c292b1a',
  limitedCallsEnforcer: '0x52b55dafe005103e5f480023b2b8718185290fef063a8704580db0700ea29631',
});
