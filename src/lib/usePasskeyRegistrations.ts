import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Address } from 'viem';
import type { Account, PasskeyAccountSource, PendingPasskey } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { isActive } from '@/core/tx/record';
import { passkeyRegisteredQuery } from './queries/passkeyAccountQueries';
import { useAccountRecords } from './queries/recordQueries';
import { useVaultSession } from './vault/vault';

const NONE: readonly PendingPasskey[] = [];

/**
 * Settles a passkey account's registrations the vault notes as waiting (the page may have been
 * left before they were mined), on `network`, the account's chain. Once a registration's
 * transaction has settled (or where this browser holds no record of it), the chain is asked
 * whether the account holds the passkey: if so the vault lists it, so it can sign; if its
 * transaction settled without registering it, the registration is forgotten. Asked once per
 * registration and state of its record.
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
      const settle = async () => {
        const registered = await queries.fetchQuery(passkeyRegisteredQuery(network, address, credential.publicKey));
        if (registered) await session.addAccountPasskey(account.id, credential);
        // Without a record here (another profile sent it, or this one's was lost) it is kept.
        else if (record) await session.dropRegisteringPasskey(account.id, credential.id);
      };
      // A failure (the node out of reach, the vault locked, listed meanwhile by the screen that
      // sent it) is asked again when the record or the registrations change.
      settle().catch(() => asked.current.delete(question));
    }
  }, [registering, records, queries, network, address, session, account.id]);
}
