// A passkey account's life on a local chain, as Cairn's core builds it: the upgrade signed by a
// fresh key (then wiped) and sent with an authorization by a paying account, and batches
// authorised by one of its passkeys (p256Authenticator) and sent by that paying account with its gas.
// Shared by the integration test and the bench's `passkey-account` section.
import { decodeErrorResult, type Hex, type SignedAuthorization } from 'viem';
import { demoAccount } from '../../devchain/seedSupport.ts';
import { findRevertData } from '../core/chain/revertData';
import type { ExecutionCall } from '../core/smartAccount/execution';
import {
  type PasskeyBatch,
  passkeyBatchCall,
  passkeyBatchDigest,
  readPasskeyNonce,
} from '../core/smartAccount/passkey/passkeyBatch';
import { passkeyDelegateAbi } from '../core/smartAccount/passkey/passkeyDelegate.generated';
import type { PasskeyPublicKey } from '../core/smartAccount/passkey/passkeyPublicKey';
import { encodePasskeySignature } from '../core/smartAccount/passkey/passkeySignature';
import { signPasskeyUpgrade } from '../core/smartAccount/passkey/passkeyUpgrade';
import type { CallRequest } from '../core/tx/transfer';
import type { AssertionOptions, p256Authenticator } from './p256Authenticator';
import { testNode } from './txFixtures';

type Authenticator = ReturnType<typeof p256Authenticator>;

export function passkeyAccountFlow(url: string, payerIndex: number) {
  const node = testNode(url);
  const payer = demoAccount(payerIndex);

  /** Sends `call` from the paying account (its gas estimated by the node); the mined receipt. */
  async function send(call: CallRequest, authorizationList?: SignedAuthorization[]) {
    const hash = await node.sendTransaction({ account: payer, ...call, authorizationList });
    const receipt = await node.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${hash} reverted`);
    return receipt;
  }

  /** The delegate's error `call` from the paying account reverts with (eth_call); throws if it does not. */
  async function refusal(call: CallRequest): Promise<string> {
    try {
      await node.call({ account: payer.address, ...call });
    } catch (error) {
      const data = findRevertData(error);
      if (!data) throw error;
      return decodeErrorResult({ abi: passkeyDelegateAbi, data }).errorName;
    }
    throw new Error('the call did not revert');
  }

  return {
    node,
    payer,
    send,
    refusal,
    /** Makes a passkey account for `authenticator`'s key; the account and the upgrade's gasUsed. */
    async upgrade(authenticator: Authenticator) {
      const chainId = await node.getChainId();
      const upgrade = await signPasskeyUpgrade({ chainId, publicKey: authenticator.publicKey });
      const receipt = await send(upgrade.call, [upgrade.authorization]);
      return { account: upgrade.account, gasUsed: receipt.gasUsed };
    },
    /**
     * The batch at the account's next nonce, signed by `authenticator`: the call to send and what
     * was signed. `claim` names another passkey as the signer (a forgery).
     */
    async signedBatch(
      account: `0x${string}`,
      calls: readonly ExecutionCall[],
      authenticator: Authenticator,
      options: AssertionOptions & { claim?: PasskeyPublicKey } = {},
    ): Promise<{ batch: PasskeyBatch; digest: Hex; signature: Hex; call: CallRequest }> {
      const batch = {
        chainId: await node.getChainId(),
        account,
        calls,
        nonce: await readPasskeyNonce(node, account),
      };
      const digest = passkeyBatchDigest(batch);
      const signature = encodePasskeySignature(authenticator.assert(digest, options), digest);
      const publicKey = options.claim ?? authenticator.publicKey;
      return { batch, digest, signature, call: passkeyBatchCall(batch, { publicKey, signature }) };
    },
  };
}
