// The code a chain holds at the passkey delegate's and its verifier's addresses once deployed,
// for fake nodes in DOM tests: their generated init code run in an in-process EVM (EDR, as the
// generator computes the recorded code hashes), so the code-hash checks pass against a fake node.
import { type Address, type Hex, keccak256, zeroHash } from 'viem';
import { DETERMINISTIC_DEPLOYER } from '../../devchain/deterministicDeployer.ts';
import { runtimesOn } from '../../scripts/generate/delegationEvm.ts';
import {
  PASSKEY_DELEGATE_ADDRESS,
  PASSKEY_DELEGATE_CODE_HASHES,
  PASSKEY_DELEGATE_INIT_CODE,
  PASSKEY_DELEGATE_SALT,
  PASSKEY_VERIFIER_ADDRESS,
  PASSKEY_VERIFIER_CODE_HASH,
  PASSKEY_VERIFIER_INIT_CODE,
} from '../core/smartAccount/passkey/passkeyDelegate.generated';

const LOCAL_CHAIN_ID = 31337;
let runtimes: Promise<Map<string, Hex>> | undefined;

/** Address (lower case) → runtime code, for the delegate and the verifier on the local chain's id. */
export function passkeyDelegateRuntimes(): Promise<Map<string, Hex>> {
  runtimes ??= (async () => {
    const inputs = [
      { contractName: 'PasskeyAccount', initCode: PASSKEY_DELEGATE_INIT_CODE, salt: PASSKEY_DELEGATE_SALT },
      { contractName: 'ERC7913WebAuthnVerifier', initCode: PASSKEY_VERIFIER_INIT_CODE, salt: zeroHash },
    ].map((input) => ({ ...input, deployer: DETERMINISTIC_DEPLOYER }));
    const [delegate, verifier] = await runtimesOn(LOCAL_CHAIN_ID, inputs);
    if (!delegate || keccak256(delegate) !== PASSKEY_DELEGATE_CODE_HASHES[LOCAL_CHAIN_ID])
      throw new Error('the delegate’s runtime is not the recorded one: run npm run generate');
    if (!verifier || keccak256(verifier) !== PASSKEY_VERIFIER_CODE_HASH)
      throw new Error('the verifier’s runtime is not the recorded one: run npm run generate');
    const byAddress: [Address, Hex][] = [
      [PASSKEY_DELEGATE_ADDRESS, delegate],
      [PASSKEY_VERIFIER_ADDRESS, verifier],
    ];
    return new Map(byAddress.map(([address, code]) => [address.toLowerCase(), code]));
  })();
  return runtimes;
}
