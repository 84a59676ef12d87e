import { useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { type Message, msg, untrustedValue } from '@/core/i18n/message';
import type { PendingSafeTx } from '@/core/safe/pendingSafeTx';
import type { SafeState } from '@/core/safe/readSafe';
import { signAsOwner } from '@/core/safe/safeActions';
import { failureMessage } from '@/lib/i18n/errorMessages';
import { useSafeTxActions } from '@/lib/safeScreenHooks';
import { useVaultSession } from '@/lib/vault/vault';

/**
 * For each of the person's accounts that is an owner, can sign and has not confirmed yet: "Sign
 * as" (an EIP-712 signature by its key, Ledger or QR device, through the device dialogs where
 * one signs, kept with the transaction) and "Confirm on-chain as" (approveHash, reviewed first).
 */
export function OwnerActions({
  network,
  state,
  pending,
  owners,
  busy,
  onApprove,
}: {
  network: Network;
  state: SafeState;
  pending: PendingSafeTx;
  /** The person's owner accounts still to confirm. */
  owners: readonly Account[];
  /** Another action on this transaction is under way. */
  busy: boolean;
  onApprove: (owner: Account) => void;
}) {
  const session = useVaultSession();
  const { keepSafeTx } = useSafeTxActions();
  const [signing, setSigning] = useState<string>();
  const [said, setSaid] = useState<{ ok: boolean; text: Message | string }>();

  const sign = async (owner: Account) => {
    setSigning(owner.id);
    setSaid(undefined);
    try {
      const signature = await signAsOwner(network, session.signerFor(owner), state, pending);
      keepSafeTx(pending, [signature]);
      setSaid({ ok: true, text: msg('safe:sign.done', { name: untrustedValue(owner.name, 'name') }) });
    } catch (error) {
      setSaid({ ok: false, text: failureMessage(error, msg('safe:nothingSigned')) });
    } finally {
      setSigning(undefined);
    }
  };

  if (owners.length === 0 && !said) return null;
  return (
    <>
      {owners.length > 0 && (
        <div className={ui.actions}>
          {owners.map((owner) => (
            <button
              key={`sign-${owner.id}`}
              type="button"
              disabled={busy || signing !== undefined}
              onClick={() => void sign(owner)}
            >
              {signing === owner.id ? (
                <T id="safe:sign.signing" values={{ name: untrustedValue(owner.name, 'name') }} />
              ) : (
                <T id="safe:sign.as" values={{ name: untrustedValue(owner.name, 'name') }} />
              )}
            </button>
          ))}
          {owners.map((owner) => (
            <button
              key={`approve-${owner.id}`}
              type="button"
              className={ui.secondary}
              disabled={busy || signing !== undefined}
              onClick={() => onApprove(owner)}
            >
              <T id="safe:approve.as" values={{ name: untrustedValue(owner.name, 'name') }} />
            </button>
          ))}
        </div>
      )}
      {said?.ok && (
        <p role="status">
          <T message={said.text} />
        </p>
      )}
      {said && !said.ok && <ErrorAlert message={said.text} />}
    </>
  );
}
