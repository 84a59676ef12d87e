import { useCallback, useState } from 'react';
import { useStore } from 'zustand';
import type { Account } from '@/core/accounts/account';
import { canSign } from '@/core/accounts/signerKinds';
import type { Network } from '@/core/chain/networks';
import { type ProviderError, providerError } from '@/core/dapp/providerErrors';
import { requestNetwork, siteFor } from '@/core/dapp/sites';
import { mayHaveBeenSent } from '@/core/errors/wallet';
import type { Message } from '@/core/i18n/message';
import { errorMessage, failureMessage } from '@/lib/i18n/errorMessages';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useVaultAccount } from '@/lib/vault/vault';
import { useDappConnection } from './dappContext';

/**
 * What every approval needs: the site's permission and network, the vault account for an
 * address, and answering the request once (approve, decline, or fail with a provider error).
 * A request pinned to a chain (connection.ts) sees the site's network only while it is on that
 * chain: never another one, should the site move before the connection refuses the request. A
 * site not connected has its request served on the person's network for the chain it named.
 */
export function useSiteRequest(id: number, address?: string) {
  const connection = useDappConnection();
  const site = useSession((s) => siteFor(s.dappSites, connection.origin));
  const networks = useSession((s) => s.networks);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | string>();
  const [maySendTwice, setMaySendTwice] = useState(false);
  const selected = useSelectedNetwork();
  const whenSaved = useSession((s) => s.whenSaved);
  const pinned = useStore(connection.store, (s) => s.pending.find((p) => p.id === id)?.chainId);
  const network: Network | undefined = requestNetwork({ site, networks, selected, pinned });
  const account: Account | undefined = useVaultAccount(address);
  // Stable, so an effect that answers at once (an error, nothing to ask) runs once.
  const approve = useCallback((result: unknown) => connection.resolve(id, result), [connection, id]);
  const decline = useCallback(() => connection.reject(id, providerError('userRejected')), [connection, id]);
  const fail = useCallback((problem: ProviderError) => connection.reject(id, problem), [connection, id]);
  /** Whether the request still waits: not answered, nor refused meanwhile (the site lost its grant). */
  const stillWaiting = () => connection.store.getState().pending.some((p) => p.id === id);
  return {
    connection,
    site,
    network,
    /** The vault account behind `address`, when it can sign. */
    signer: account && canSign(account) ? account : undefined,
    busy,
    /**
     * The last try failed in a way that may have sent it all the same (a browser wallet's unclear
     * answer): approving again could send it twice, so it stays blocked; the person declines, or
     * checks their wallet and activity first.
     */
    maySendTwice,
    error,
    setError,
    approve,
    decline,
    fail,
    stillWaiting,
    /**
     * Answers `result` once the change the approval made is stored: a site told "done" before
     * that could be told so of a change the closing window then loses. When it could not be
     * stored (the change is put back), says so and the request stays waiting.
     */
    approveOnceStored: async (result: unknown) => {
      setBusy(true);
      setError(undefined);
      try {
        await whenSaved();
        connection.resolve(id, result);
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setBusy(false);
      }
    },
    /**
     * Runs the approval's work, keeping the window busy and showing what went wrong; nothing at all
     * for a request no longer waiting. Work that takes a while checks stillWaiting() before it commits.
     */
    run: async (work: () => Promise<unknown>, failed: Message) => {
      if (!stillWaiting()) return;
      setBusy(true);
      setError(undefined);
      try {
        connection.resolve(id, await work());
      } catch (e) {
        setError(failureMessage(e, failed));
        if (mayHaveBeenSent(e)) setMaySendTwice(true);
        setBusy(false);
      }
    },
  };
}
