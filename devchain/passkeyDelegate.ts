// The passkey account's delegate (src/core/smartAccount/passkey/PasskeyAccount.sol) and the
// WebAuthn verifier it names (OpenZeppelin's ERC7913WebAuthnVerifier) on the local chain, placed
// as they would be on any other: each CREATE2 input sent to the deterministic deployer, so each
// lands at the address the generated module names and its constructor runs there. Their code
// hashes on chain 31337 are computed by the generator (`npm run generate:passkey-delegate`), and
// the integration test holds the seeded chain to them.
import type { Address, LocalAccount } from 'viem';
import { DETERMINISTIC_DEPLOYER, deterministicDeployment } from '../src/core/chain/deterministicDeployer.ts';
import {
  PASSKEY_DELEGATE_ADDRESS,
  PASSKEY_DELEGATE_INIT_CODE,
  PASSKEY_DELEGATE_SALT,
  PASSKEY_VERIFIER_ADDRESS,
  PASSKEY_VERIFIER_INIT_CODE,
} from '../src/core/smartAccount/passkey/passkeyDelegate.generated.ts';
import type { Step } from './seedSupport.ts';

/** The deployments, sent by `sender` once the deterministic deployer is there: the verifier, then the delegate. */
export function passkeyDelegateSteps(sender: LocalAccount): Step[] {
  return [PASSKEY_VERIFIER_INIT_CODE, PASSKEY_DELEGATE_INIT_CODE].map(
    (initCode): Step =>
      (client) =>
        client.sendTransaction({
          account: sender,
          to: DETERMINISTIC_DEPLOYER,
          data: deterministicDeployment(PASSKEY_DELEGATE_SALT, initCode),
        }),
  );
}

/** Where the seed places the delegate and its verifier. */
export const passkeyDelegateAddresses = (): readonly Address[] => [PASSKEY_DELEGATE_ADDRESS, PASSKEY_VERIFIER_ADDRESS];
