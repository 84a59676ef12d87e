import type { Address, Hex, LocalAccount } from 'viem';
import { InputError } from '../errors/input';
import { OfflineError } from '../errors/offline';
import { msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import type { DecodedTx } from './decodedTx';
import type { OfflineTx } from './offlineTx';
import { decodeRawTransaction } from './rawTx';

export type SignedOffline = { raw: Hex; hash: Hex; from: Address };

/**
 * Signs a complete transaction with no network access at all (every field is given: nothing is
 * estimated or looked up). The signed bytes are decoded again and their sender recovered, so a
 * wrong key or a faulty signer never yields a transaction that looks right but is not.
 *
 * Throws INPUT_UNSIGNED_TX (no chain id: Cairn never signs without replay protection),
 * OFFLINE_SIGNER_MISMATCH, and whatever the account's key source throws (VAULT_LOCKED).
 */
export async function signOffline(account: LocalAccount, tx: OfflineTx): Promise<SignedOffline> {
  if (!Number.isSafeInteger(tx.chainId) || tx.chainId < 1) {
    throw new InputError('INPUT_UNSIGNED_TX', msg('core.signing:unsigned.noChainId'));
  }
  const raw = await account.signTransaction(tx);
  let decoded: DecodedTx | undefined;
  try {
    decoded = decodeRawTransaction(raw);
  } catch {
    decoded = undefined;
  }
  if (decoded === undefined || !sameAddress(decoded.from, account.address)) {
    throw new OfflineError('OFFLINE_SIGNER_MISMATCH', msg('core.signing:offline.signerMismatch'));
  }
  return { raw: decoded.raw, hash: decoded.hash, from: account.address };
}
