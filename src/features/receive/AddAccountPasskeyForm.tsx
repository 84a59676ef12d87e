import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Address } from 'viem';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import { useSendingHeld, VerificationHold } from '@/components/VerificationHold';
import type { Account, PasskeyAccountSource, PasskeyCredential } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { type Message, msg, untrustedValue } from '@/core/i18n/message';
import { encodeAddPasskey } from '@/core/smartAccount/passkey/passkeySigners';
import { createAccountPasskey } from '@/lib/browser/passkeys';
import { useT } from '@/lib/i18n';
import { failureMessage } from '@/lib/i18n/errorMessages';
import { shortAddress } from '@/lib/i18n/format';
import { accountPasskeysQuery, passkeyBatchQuery, passkeyNetworkQuery } from '@/lib/queries/passkeyAccountQueries';
import { useSettledRecord } from '@/lib/queries/recordQueries';
import { sendByPasskey } from '@/lib/send/sendByPasskey';
import { useTransactions } from '@/lib/stores/transactions';
import { settlePasskeyRegistration } from '@/lib/usePasskeyRegistrations';
import { useSigningAccounts, useVaultSession } from '@/lib/vault/vault';

export type PasskeyAccount = Account & { source: PasskeyAccountSource };

/** A registration sent and not yet settled: its record, and the passkey it registers. */
type Pending = { recordId: string; credential: PasskeyCredential };

/**
 * Adds a passkey to a passkey account: the browser makes it, a listed passkey approves the batch
 * that registers it (the delegate's code hash checked first), and a paying account sends that.
 * The vault lists the new passkey only once its registration is mined and the chain's list holds
 * it: a reverted or dropped one leaves the vault as it was, so it never offers a passkey the
 * account would refuse.
 */
export function AddAccountPasskeyForm({
  account,
  network,
  onAdded,
}: {
  account: PasskeyAccount;
  network: Network;
  onAdded: () => void;
}) {
  const t = useT('receive');
  const queries = useQueryClient();
  const session = useVaultSession();
  const { service } = useTransactions();
  const { accounts: payers, preferred } = useSigningAccounts();
  const [payerId, setPayerId] = useState<string>();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending>();
  const [error, setError] = useState<Message | string>();
  const payer = payers.find((a) => a.id === payerId) ?? preferred;
  const held = useSendingHeld(network);
  const address = account.address as Address;
  const { credentials } = account.source;
  const settled = useSettledRecord(network, address, pending?.recordId);
  const settling = useRef<string>(undefined);

  useEffect(() => {
    if (!pending || !settled || settling.current === settled.id) return;
    settling.current = settled.id;
    const listMined = async () => {
      try {
        // As the app settles a registration left waiting (PasskeyRegistrations), by one rule.
        const outcome = await settlePasskeyRegistration(queries, session, {
          network,
          accountId: account.id,
          address,
          credential: pending.credential,
          record: settled,
        });
        if (outcome !== 'listed') {
          setError(msg('receive:passkeyAccount.notRegistered'));
          return;
        }
        void queries.invalidateQueries({ queryKey: accountPasskeysQuery(network, address).queryKey });
        onAdded();
      } catch (e) {
        setError(failureMessage(e, msg('receive:passkeyAccount.nothingAdded')));
      } finally {
        setPending(undefined);
      }
    };
    void listMined();
  }, [pending, settled, queries, network, address, session, account.id, onAdded]);

  const add = async () => {
    const first = credentials[0];
    if (!payer || !first) return;
    setBusy(true);
    setError(undefined);
    try {
      const passkeyName = name.trim() || t('receive:passkeyAccount.secondName');
      // The delegate's code hash, checked before every add as before every upgrade.
      const checks = await queries.fetchQuery(passkeyNetworkQuery(network));
      const created = await createAccountPasskey(
        passkeyName,
        credentials.map((c) => c.id),
      );
      const ready = await queries.fetchQuery(
        passkeyBatchQuery({
          network,
          account: address,
          publicKey: first.publicKey,
          payer: payer.address as Address,
          calls: [encodeAddPasskey(address, created.publicKey)],
          precompile: checks.precompile,
        }),
      );
      const record = await sendByPasskey(await service(), {
        network,
        payer: session.signerFor(payer),
        ready,
        credentials,
      });
      const credential = { ...created, name: passkeyName };
      // Noted in the vault at once, so the passkey is listed once mined even if this page is left
      // (PasskeyRegistrations). Sent either way: a note refused (listed already) changes nothing.
      await session.noteRegisteringPasskey(account.id, { credential, recordId: record.id }).catch(() => undefined);
      setPending({ recordId: record.id, credential });
    } catch (e) {
      setError(failureMessage(e, msg('receive:passkeyAccount.nothingAdded')));
    } finally {
      setBusy(false);
    }
  };

  const working = busy || pending !== undefined;
  return (
    <>
      <p>{t('receive:passkeyAccount.how', { payer: untrustedValue(payer?.name ?? '', 'name') })}</p>
      <TextField label={t('receive:passkeyAccount.nameLabel')} value={name} onChange={setName} />
      <Field label={t('receive:passkeyAccount.payerLabel')}>
        <select value={payer?.id} disabled={working} onChange={(e) => setPayerId(e.target.value)}>
          {payers.map((a) => (
            <option key={a.id} value={a.id}>
              {t('receive:passkeyAccount.payerOption', {
                name: untrustedValue(a.name, 'name'),
                address: shortAddress(a.address),
              })}
            </option>
          ))}
        </select>
      </Field>
      <p role="status">{pending ? t('receive:passkeyAccount.mining') : ''}</p>
      <ErrorAlert message={error} />
      {held && <VerificationHold network={network} />}
      <div className={ui.actions}>
        <button type="button" disabled={working || !payer || held} onClick={() => void add()}>
          {working ? t('receive:passkeyAccount.adding') : t('receive:passkeyAccount.add')}
        </button>
      </div>
    </>
  );
}
