import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Address } from 'viem';
import type { Account, PasskeyAccountSource, PasskeyCredential, PendingPasskey } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { isCairnError } from '@/core/errors/base';
import { isActive, type TxRecord } from '@/core/tx/record';
import type { VaultClient } from '@/core/vault/shared/vaultClient';
import { passkeyRegisteredQuery } from './queries/passkeyAccountQueries';
import { useAccountRecords } from './queries/recordQueries';
import { useVaultSession } from './vault/vault';

const NONE: readonly PendingPasskey[] = [];

/** What settling a registration did: the passkey listed, the registration forgotten, or kept waiting. */
export type RegistrationOutcome = 'listed' | 'forgotten' | 'waiting';

/**
 * Settles one passkey registration the vault notes as waiting, once its transaction `record` has
 * settled (or where this browser holds no record of it): the chain is asked whether the account
 * holds the passkey now, whatever the record's status says (a speed-up's replacement, mined by the
 * time the original reads "replaced", registers it as well). If it does, the vault lists it, so
 * it can sign: one listed already counts, as the screen that sent it and the app both settle it.
 * If not, a settled registration is forgotten; one without a record here is kept. Throws what the
 * node and the vault throw (asked again later).
 */
export async function settlePasskeyRegistration(
  queries: QueryClient,
  session: VaultClient,
  args: {
    network: Network;
    accountId: string;
    address: Address;
    credential: PasskeyCredential;
    record: TxRecord | undefined;
  },
): Promise<RegistrationOutcome> {
  const { network, accountId, address, credential, record } = args;
  if (await queries.fetchQuery(passkeyRegisteredQuery(network, address, credential.publicKey))) {
    await session.addAccountPasskey(accountId, credential).catch((e: unknown) => {
      if (!isCairnError(e) || e.code !== 'VAULT_PASSKEY_EXISTS') throw e;
    });
    return 'listed';
  }
  // Without a record here (another profile sent it, or this one's was lost) it is kept.
  if (!record) return 'waiting';
  await session.dropRegisteringPasskey(accountId, credential.id);
  return 'forgotten';
}

/**
 * Settles a passkey account's registrations the vault notes as waiting (the page may have been
 * left before they were mined), on `network`, the account's chain (settlePasskeyRegistration).
 * Asked once per registration and state of its record.
 */
export function usePasskeyRegistrations(account: Account & { source: PasskeyAccountSource }, network: Network): void {
  const session = useVaultSession();
  const queries = useQueryClient();
  const registering = account.source.registering ?? NONE;
  const address = account.address as Address;
  const records = useAccountRecords(network, address);
  const asked = useRef(new Set<string>());
  useEffect(() => {
    for (const { credential, recordId } of registering) {
      const record = records.find((r) => r.id === recordId);
      if (record && isActive(record)) continue;
      const question = `${recordId} ${record?.status ?? 'unknown'}`;
      if (asked.current.has(question)) continue;
      asked.current.add(question);
      // A failure (the node out of reach, the vault locked) is asked again when the record or
      // the registrations change.
      const args = { network, accountId: account.id, address, credential, record };
      settlePasskeyRegistration(queries, session, args).catch(() => asked.current.delete(question));
    }
  }, [registering, records, queries, network, session, account.id, address]);
}
