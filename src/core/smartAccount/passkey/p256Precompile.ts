import { type Address, type Hex, hexToBigInt } from 'viem';
import { call } from 'viem/actions';
import type { ChainClient } from '../../chain/client';
import { toChainError } from '../../chain/toChainError';

// EIP-7951's P256VERIFY precompile: where it answers, the passkey account's signature check costs
// 6,900 gas for the curve; where it does not, OpenZeppelin's P256 falls back to its Solidity
// verifier, about 250,000 gas more per signature (bench `passkey-account` measures both).

export const P256_VERIFY: Address = '0x0000000000000000000000000000000000000100';

/**
 * Two records of EIP-7951's test vectors (ethereum/EIPs assets/eip-7951/test-vectors.json, kept in
 * src/testing/vectors/p256/ with their source): hash ‖ r ‖ s ‖ qx ‖ qy. Wycheproof's case #1 is a
 * valid signature (answer 1); case #3 is the same with s off by the group order (no answer).
 */
export const P256_VERIFY_VALID: Hex =
  '0xbb5a52f42f9c9261ed4361f59422a1e30036e7c32b270c8807a419feca6050232ba3a8be6b94d5ec80a6d9d1190a436effe50d85a1eee859b8cc6af9bd5c2e184cd60b855d442f5b3c7b11eb6c4e0ae7525fe710fab9aa7c77a67f79e6fadd762927b10512bae3eddcfe467828128bad2903269919f7086069c8c4df6c732838c7787964eaac00e5921fb1498a60f4606766b3d9685001558d1a974e7341513e';
export const P256_VERIFY_INVALID: Hex =
  '0xbb5a52f42f9c9261ed4361f59422a1e30036e7c32b270c8807a419feca605023d45c5740946b2a147f59262ee6f5bc90bd01ed280528b62b3aed5fc93f06f739b329f479a2bbd0a5c384ee1493b1f5186a87139cac5df4087c134b49156847db2927b10512bae3eddcfe467828128bad2903269919f7086069c8c4df6c732838c7787964eaac00e5921fb1498a60f4606766b3d9685001558d1a974e7341513e';

/**
 * Whether the network's P256VERIFY answers as EIP-7951 says: 1 for the valid vector and nothing for
 * the invalid one (so neither an empty address nor a contract that always answers 1 passes). The
 * two calls go out together. Throws a ChainError when the node cannot be asked.
 */
export async function p256PrecompileAnswers(client: ChainClient): Promise<boolean> {
  try {
    const [valid, invalid] = await Promise.all(
      [P256_VERIFY_VALID, P256_VERIFY_INVALID].map((data) => call(client, { to: P256_VERIFY, data })),
    );
    const answered = valid?.data;
    return answered !== undefined && answered.length === 66 && hexToBigInt(answered) === 1n && !invalid?.data;
  } catch (error) {
    throw toChainError(error);
  }
}
