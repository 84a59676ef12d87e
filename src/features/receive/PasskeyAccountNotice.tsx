import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Address } from 'viem';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { T } from '@/components/T';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import { useSendingHeld, VerificationHold } from '@/components/VerificationHold';
import type { Account, PasskeyAccountSource } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import { sendPasskeyBatch } from '@/core/smartAccount/passkey/passkeyAccountSend';
import { encodeAddPasskey } from '@/core/smartAccount/passkey/passkeySigners';
import { accountPasskeyAssertion, createAccountPasskey } from '@/lib/browser/passkeys';
import { useT } from '@/lib/i18n';
import { failureMessage } from '@/lib/i18n/errorMessages';
import { shortAddress } from '@/lib/i18n/format';
import { accountPasskeysQuery, passkeyBatchQuery, passkeyNetworkQuery } from '@/lib/queries/passkeyAccountQueries';
import { useSession } from '@/lib/stores/session';
import { useTransactions } from '@/lib/stores/transactions';
import { useSigningAccounts, useVaultSession } from '@/lib/vault/vault';

type PasskeyAccount = Account & { source: PasskeyAccountSource };

/**
 * What Receive says of a passkey account: that it exists on its own chain only (elsewhere its
 * address belongs to a wiped key: anything sent there is lost), and, while only one passkey is
 * registered on it, that losing that one loses the funds, with the way to add a second passkey
 * (another device or a security key): a batch the first one signs, calling the account itself.
 */
export function PasskeyAccountNotice({ account, network }: { account: PasskeyAccount; network: Network }) {
  const t = useT('receive');
  const networks = useSession((s) => s.networks);
  const home = networks.find((n) => n.chainId === account.source.chainId);
  const onChain = useQuery({
    ...accountPasskeysQuery(home ?? network, account.address as Address),
    enabled: home !== undefined,
  });
  const [added, setAdded] = useState(false);
  if (!home || network.chainId !== home.chainId)
    return (
      <p role="alert" className={ui.noticeDanger}>
        <T
          id="receive:passkeyAccount.otherChain"
          values={{
            network: untrustedValue(network.name, 'name'),
            home: home ? untrustedValue(home.name, 'name') : codeValue(String(account.source.chainId)),
          }}
        />
      </p>
    );
  const count = onChain.data?.length ?? account.source.credentials.length;
  if (added) return <p role="status">{t('receive:passkeyAccount.added')}</p>;
  if (count > 1) return null;
  return (
    <div role="alert" className={ui.noticeWarning}>
      <p>{t('receive:passkeyAccount.onePasskey')}</p>
      <AddPasskeyForm account={account} network={home} onAdded={() => setAdded(true)} />
    </div>
  );
}

function AddPasskeyForm({
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
  const [error, setError] = useState<Message | string>();
  const payer = payers.find((a) => a.id === payerId) ?? preferred;
  const held = useSendingHeld(network);
  const { credentials } = account.source;
  const ids = credentials.map((c) => c.id);

  const add = async () => {
    const first = credentials[0];
    if (!payer || !first) return;
    setBusy(true);
    setError(undefined);
    try {
      const passkeyName = name.trim() || t('receive:passkeyAccount.secondName');
      const checks = await queries.fetchQuery(passkeyNetworkQuery(network));
      const created = await createAccountPasskey(passkeyName, ids);
      const ready = await queries.fetchQuery(
        passkeyBatchQuery({
          network,
          account: account.address as Address,
          publicKey: first.publicKey,
          payer: payer.address as Address,
          calls: [encodeAddPasskey(account.address as Address, created.publicKey)],
          precompile: checks.precompile,
        }),
      );
      const answer = await accountPasskeyAssertion(ids, ready.digest);
      const signer = credentials.find((c) => c.id === answer.credentialId) ?? first;
      await sendPasskeyBatch(await service(), {
        network,
        payer: session.signerFor(payer),
        ready,
        publicKey: signer.publicKey,
        assertion: answer.assertion,
      });
      await session.addAccountPasskey(account.id, { ...created, name: passkeyName });
      onAdded();
    } catch (e) {
      setError(failureMessage(e, msg('receive:passkeyAccount.nothingAdded')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>{t('receive:passkeyAccount.how', { payer: untrustedValue(payer?.name ?? '', 'name') })}</p>
      <TextField label={t('receive:passkeyAccount.nameLabel')} value={name} onChange={setName} />
      <Field label={t('receive:passkeyAccount.payerLabel')}>
        <select value={payer?.id} disabled={busy} onChange={(e) => setPayerId(e.target.value)}>
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
      <ErrorAlert message={error} />
      {held && <VerificationHold network={network} />}
      <div className={ui.actions}>
        <button type="button" disabled={busy || !payer || held} onClick={() => void add()}>
          {busy ? t('receive:passkeyAccount.adding') : t('receive:passkeyAccount.add')}
        </button>
      </div>
    </>
  );
}
