// The passkey account's delegate (src/core/smartAccount/passkey/PasskeyAccount.sol) on the local
// chain, placed as it would be on any other: its CREATE2 input sent to the deterministic deployer,
// so it lands at the address the generated module names and its constructor runs there. Its code
// hash on chain 31337 is computed by the generator (`npm run generate:passkey-delegate`), and the
// integration test holds the seeded chain to it.
import { type Address, concat, type LocalAccount } from 'viem';
import {
  PASSKEY_DELEGATE_ADDRESS,
  PASSKEY_DELEGATE_INIT_CODE,
  PASSKEY_DELEGATE_SALT,
} from '../src/core/smartAccount/passkey/passkeyDelegate.generated.ts';
import { DETERMINISTIC_DEPLOYER } from './deterministicDeployer.ts';
import type { Step } from './seedSupport.ts';

/** The deployment, sent by `sender` once the deterministic deployer is there (about 2.3 M gas). */
export function passkeyDelegateStep(sender: LocalAccount): Step {
  return (client) =>
    client.sendTransaction({
      account: sender,
      to: DETERMINISTIC_DEPLOYER,
      data: concat([PASSKEY_DELEGATE_SALT, PASSKEY_DELEGATE_INIT_CODE]),
    });
}

export const passkeyDelegateAddress = (): Address => PASSKEY_DELEGATE_ADDRESS;
