import { useState } from 'react';
import type { Network } from '@/core/chain/networks';
import { SafeError } from '@/core/errors/safe';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import { sameSafeTx } from '@/core/safe/pendingSafeTx';
import type { SafeState } from '@/core/safe/readSafe';
import { checkSafeImport, type SafeImport } from '@/core/safe/safeImport';
import type { SafeTxFile } from '@/core/safe/safeTxFile';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useAllKeptSafeTxs, useHeadNumber, useSafeTxActions } from '@/lib/safeScreenHooks';
import { useVault } from '@/lib/vault/vault';

/** What an import kept: the transaction, the signatures taken and refused, whether it was kept already. */
export type ImportOutcome = SafeImport & { known: boolean };

/**
 * Imports what another owner passed on (link, file text, QR code) into this Safe's kept
 * transactions: read (`read` throws SAFE_IMPORT_MALFORMED for anything corrupted, cut off or not
 * Cairn's), checked against the Safe as the node says it is now (checkSafeImport: each signature
 * one by one), then kept with the signatures taken. A transaction for another Safe or chain is
 * refused here with a sentence, and nothing is kept on any refusal. `run` answers the sentence to
 * show, if any.
 */
export function useSafeImport(network: Network, state: SafeState) {
  const accounts = useVault((s) => s.accounts);
  const kept = useAllKeptSafeTxs();
  const { keepSafeTx } = useSafeTxActions();
  const [outcome, setOutcome] = useState<ImportOutcome>();
  const head = useHeadNumber(network);

  const run = async (read: () => SafeTxFile | Promise<SafeTxFile>): Promise<Message | string | undefined> => {
    setOutcome(undefined);
    try {
      const file = await read();
      if (file.chainId !== network.chainId || !sameAddress(file.safe, state.address))
        throw new SafeError(
          'SAFE_NOT_A_SAFE',
          msg('safe:import.otherSafe', { safe: codeValue(file.safe), chainId: String(file.chainId) }),
        );
      const checked = await checkSafeImport({ file, network, accounts, state, kept, now: Date.now(), head });
      keepSafeTx(checked.pending, checked.accepted);
      setOutcome({ ...checked, known: kept.some((p) => sameSafeTx(p, file)) });
      return undefined;
    } catch (error) {
      return errorMessage(error);
    }
  };

  return { outcome, run };
}
