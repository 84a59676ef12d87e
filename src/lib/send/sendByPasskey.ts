import type { PasskeyCredential } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import type { SigningAccount } from '@/core/signing/signerAccount';
import { type PreparedPasskeyBatch, sendPasskeyBatch } from '@/core/smartAccount/passkey/passkeyAccountSend';
import type { TxRecord } from '@/core/tx/record';
import type { TransactionService } from '@/core/tx/transactionService';
import { accountPasskeyAssertion } from '@/lib/browser/passkeys';

/**
 * Asks one of the account's passkeys to sign the prepared batch's digest, then has `payer` send
 * it with its gas (sendPasskeyBatch). Throws what either throws; the stored record on success.
 */
export async function sendByPasskey(
  service: TransactionService,
  args: {
    network: Network;
    payer: SigningAccount;
    ready: PreparedPasskeyBatch;
    credentials: readonly PasskeyCredential[];
    intent?: TxRecord['intent'];
  },
): Promise<TxRecord> {
  const { credential, assertion } = await accountPasskeyAssertion(args.credentials, args.ready.digest);
  return sendPasskeyBatch(service, {
    network: args.network,
    payer: args.payer,
    ready: args.ready,
    publicKey: credential.publicKey,
    assertion,
    intent: args.intent,
  });
}
