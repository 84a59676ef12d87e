import type { Hex } from 'viem';

/**
 * keccak256 of the code the local chain (chain id 31337) holds at MetaMask's
 * EIP7702StatelessDeleGator, 0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B (its published v1.3.0
 * address). devchain/delegation.ts deploys it from @metamask/delegation-abis 2.0.0's creation code
 * and moves it there. Its immutables hold the local chain's id and the address it was deployed at
 * first, so the hash is the local chain's alone: live chains' delegator has another.
 * devchain/delegation.integration.test.ts checks it against the seeded chain: after a change of
 * the package or of the seed, copy the hash that test reports.
 */
export const LOCAL_DELEGATOR_CODE_HASH: Hex = '0x48219cf9526a521dd5c317be4036756ddcc62c831b3c36737b01373c5485e52a';
