import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Field } from '@/components/Field';
import { NetworkFeeLines } from '@/components/NetworkFeeLines';
import { T } from '@/components/T';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import { useSendingHeld, VerificationHold } from '@/components/VerificationHold';
import type { PasskeyCredential } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { isCairnError } from '@/core/errors/base';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import {
  type PasskeyNetwork,
  type PreparedPasskeyUpgrade,
  preparePasskeyUpgrade,
  sendPasskeyUpgrade,
} from '@/core/smartAccount/passkey/passkeyAccountSend';
import { PASSKEY_DELEGATE_ADDRESS } from '@/core/smartAccount/passkey/passkeyDelegate.generated';
import { createAccountPasskey, passkeyAvailability } from '@/lib/browser/passkeys';
import { useT } from '@/lib/i18n';
import { errorMessage, failureMessage } from '@/lib/i18n/errorMessages';
import { shortAddress } from '@/lib/i18n/format';
import { useLinks } from '@/lib/links';
import { withNamePrefixes } from '@/lib/names/accountNames';
import { nativeBalancesQuery } from '@/lib/queries/balanceQueries';
import { passkeyNetworkQuery, passkeyRegisteredQuery } from '@/lib/queries/passkeyAccountQueries';
import { useSettledRecord } from '@/lib/queries/recordQueries';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useTransactions } from '@/lib/stores/transactions';
import { useSigningAccounts, useVaultSession } from '@/lib/vault/vault';
import { PlacePasskeyContracts } from './PlacePasskeyContracts';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

/** What the person chose, and what was made of it once the passkey answered. */
type Made = {
  network: Network;
  payerId: string;
  credential: PasskeyCredential;
  checks: PasskeyNetwork;
  upgrade: PreparedPasskeyUpgrade;
};

/** The risk, in the order a person should read it (each a paragraph of the first step). */
const RISKS = [
  'onboarding:passkeyAccount.risk.recoverable',
  'onboarding:passkeyAccount.risk.lost',
  'onboarding:passkeyAccount.risk.wiped',
  'onboarding:passkeyAccount.risk.noShares',
] as const;

/**
 * "Create a passkey account" (advanced, from Add wallet): the risk in plain words, then the
 * passkey made (user verification required), the network checked (EIP-7702, the delegate's code
 * hash, P256VERIFY) and the upgrade prepared, with the paying account's fee, for review; Send
 * has the paying account send it. The vault then lists the account, which holds no secret. Every
 * refusal is a sentence in place, and nothing is stored before the upgrade is sent.
 */
export function CreatePasskeyAccountFlow({ onDone, onCancel }: FlowProps) {
  const t = useT('onboarding');
  const queries = useQueryClient();
  const session = useVaultSession();
  const { service } = useTransactions();
  const networks = useSession((s) => s.networks);
  const selected = useSelectedNetwork();
  const { accounts: payers } = useSigningAccounts();
  const [networkId, setNetworkId] = useState(selected.id);
  const [payerId, setPayerId] = useState(payers[0]?.id ?? '');
  const [name, setName] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<Made>();
  const [sent, setSent] = useState<{ address: Address; id: string | undefined }>();
  /** The upgrade's record, sent and not yet settled. */
  const [pendingId, setPendingId] = useState<string>();
  /** The upgrade settled without making the account: it is not sent again (start over). */
  const [failed, setFailed] = useState(false);
  /** The network has none of the passkey contracts yet: the step that places them is shown. */
  const [placing, setPlacing] = useState(false);
  /** The network whose passkey contracts were just placed, and checked. */
  const [placedOn, setPlacedOn] = useState<string>();
  const navigate = useNavigate();
  const links = useLinks();
  const network = networks.find((n) => n.id === networkId) ?? selected;
  const held = useSendingHeld(made?.network ?? network);
  const payer = payers.find((a) => a.id === (made?.payerId ?? payerId));
  const availability = passkeyAvailability();

  const create = async () => {
    setError(undefined);
    if (!understood) return setError(msg('onboarding:passkeyAccount.mustUnderstand'));
    if (!payer) return setError(msg('onboarding:passkeyAccount.noPayer'));
    setBusy(true);
    try {
      // Everything that can be refused without the passkey is asked first: no passkey is made in vain.
      const checks = await queries.fetchQuery(passkeyNetworkQuery(network));
      const balances = await queries.fetchQuery(nativeBalancesQuery(network, [payer.address as Address]));
      if (![...balances.values()].some((balance) => balance > 0n)) {
        const values = { payer: untrustedValue(payer.name, 'name'), network: untrustedValue(network.name, 'name') };
        return setError(msg('onboarding:passkeyAccount.payerEmpty', values));
      }
      const passkeyName = t('onboarding:passkeyAccount.firstPasskeyName');
      const created = await createAccountPasskey(name.trim() || passkeyName);
      const upgrade = await preparePasskeyUpgrade(network, payer.address as Address, created.publicKey);
      const credential = { ...created, name: passkeyName };
      setMade({ network, payerId: payer.id, credential, checks, upgrade });
    } catch (e) {
      if (isCairnError(e) && e.code === 'SMART_DELEGATE_ABSENT') setPlacing(true);
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const placed = useCallback(() => {
    setPlacing(false);
    setPlacedOn(network.id);
  }, [network.id]);

  const send = async () => {
    if (!made || !payer) return;
    setError(undefined);
    setBusy(true);
    try {
      const { network: on, upgrade } = made;
      const record = await sendPasskeyUpgrade(await service(), {
        network: on,
        payer: session.signerFor(payer),
        upgrade,
      });
      setPendingId(record.id);
    } catch (e) {
      setError(failureMessage(e, msg('onboarding:passkeyAccount.nothingSent')));
    } finally {
      setBusy(false);
    }
  };

  // The vault lists the account only once its upgrade is mined and the chain shows the delegate
  // and the passkey: an upgrade that failed leaves an address whose key is wiped, never to be listed.
  const settled = useSettledRecord(made?.network ?? network, payer?.address as Address | undefined, pendingId);
  const settling = useRef<string>(undefined);
  useEffect(() => {
    if (!made || !settled || settling.current === settled.id) return;
    settling.current = settled.id;
    const { network: on, upgrade, credential } = made;
    const listMined = async () => {
      try {
        const registered =
          settled.status === 'confirmed' &&
          (await queries.fetchQuery(passkeyRegisteredQuery(on, upgrade.account, credential.publicKey)));
        if (!registered) {
          setFailed(true);
          return setError(msg('onboarding:passkeyAccount.notMined'));
        }
        const source = { kind: 'passkeyAccount' as const, chainId: on.chainId, credentials: [credential] };
        const outcome = await session.add(
          undefined,
          withNamePrefixes([{ address: upgrade.account, source, ...named(name) }]),
        );
        setSent({ address: upgrade.account, id: outcome.added[0]?.id });
      } catch (e) {
        setFailed(true);
        setError(failureMessage(e, msg('onboarding:passkeyAccount.notMined')));
      } finally {
        setPendingId(undefined);
      }
    };
    void listMined();
  }, [made, settled, queries, session, name]);

  if (placing && payer)
    return <PlacePasskeyContracts network={network} payer={payer} onPlaced={placed} onBack={() => setPlacing(false)} />;

  if (sent && made)
    return (
      <StepForm
        title={t('onboarding:passkeyAccount.made.title')}
        onContinue={() => {
          // Receive shows the selected account: there its second passkey is added.
          if (sent.id) session.selectAccount(sent.id);
          navigate(links.receive);
        }}
        continueLabel={t('onboarding:passkeyAccount.made.addSecond')}
        onBack={onDone}
        backLabel={t('onboarding:passkeyAccount.made.later')}
      >
        <p>
          <T
            id="onboarding:passkeyAccount.made.summary"
            values={{ network: untrustedValue(made.network.name, 'name') }}
            tags={{ 0: <AddressText address={sent.address} /> }}
          />
        </p>
        <p role="alert" className={ui.noticeWarning}>
          {t('onboarding:passkeyAccount.made.secondPasskey')}
        </p>
      </StepForm>
    );

  if (made && payer)
    return (
      <StepForm
        title={t('onboarding:passkeyAccount.review.title')}
        description={t('onboarding:passkeyAccount.review.description')}
        error={error}
        onContinue={send}
        continueLabel={t('onboarding:passkeyAccount.review.send')}
        continueDisabled={failed || held}
        busy={busy || pendingId !== undefined}
        busyLabel={t('onboarding:passkeyAccount.review.sending')}
        onBack={() => {
          setMade(undefined);
          setFailed(false);
        }}
        backDisabled={busy || pendingId !== undefined}
      >
        <dl className={ui.facts}>
          <dt>{t('onboarding:passkeyAccount.review.account')}</dt>
          <dd>
            <AddressText address={made.upgrade.account} />
          </dd>
          <dt>{t('onboarding:passkeyAccount.review.network')}</dt>
          <dd>
            <T
              id="onboarding:passkeyAccount.review.networkValue"
              values={{
                network: untrustedValue(made.network.name, 'name'),
                chainId: codeValue(String(made.network.chainId)),
              }}
            />
          </dd>
          <dt>{t('onboarding:passkeyAccount.review.delegate')}</dt>
          <dd>
            <AddressText address={PASSKEY_DELEGATE_ADDRESS} />
          </dd>
          <dt>{t('onboarding:passkeyAccount.review.payer', { payer: untrustedValue(payer.name, 'name') })}</dt>
          <dd>
            <NetworkFeeLines prepared={made.upgrade.prepared} native={made.network.nativeCurrency} />
          </dd>
        </dl>
        <p>{t('onboarding:passkeyAccount.review.keyWiped')}</p>
        {held && <VerificationHold network={made.network} />}
        <p role="status">{pendingId ? t('onboarding:passkeyAccount.review.mining') : ''}</p>
        {!made.checks.precompile && (
          <p role="alert" className={ui.noticeWarning}>
            {t('onboarding:passkeyAccount.noPrecompile')}
          </p>
        )}
      </StepForm>
    );

  return (
    <StepForm
      title={t('onboarding:passkeyAccount.title')}
      description={t('onboarding:passkeyAccount.description')}
      error={error}
      onContinue={create}
      continueLabel={t('onboarding:passkeyAccount.create')}
      continueDisabled={!availability.available || payers.length === 0}
      busy={busy}
      busyLabel={t('onboarding:passkeyAccount.creating')}
      onBack={onCancel}
    >
      <div role="note" className={ui.noticeDanger}>
        {RISKS.map((id) => (
          <p key={id}>{t(id)}</p>
        ))}
      </div>
      {!availability.available && (
        <p role="alert" className={ui.noticeWarning}>
          <T message={availability.reason} />
        </p>
      )}
      {placedOn === network.id && (
        <p role="status">
          {t('onboarding:passkeyAccount.place.done', { network: untrustedValue(network.name, 'name') })}
        </p>
      )}
      {payers.length === 0 && (
        <p role="alert" className={ui.noticeWarning}>
          {t('onboarding:passkeyAccount.noPayer')}
        </p>
      )}
      <TextField label={t('onboarding:passkeyAccount.nameLabel')} value={name} onChange={setName} />
      <Field label={t('onboarding:passkeyAccount.networkLabel')}>
        <select value={network.id} disabled={busy} onChange={(e) => setNetworkId(e.target.value)}>
          {networks.map((n) => (
            <option key={n.id} value={n.id} translate="no">
              {n.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('onboarding:passkeyAccount.payerLabel')} hint={msg('onboarding:passkeyAccount.payerHint')}>
        <select value={payerId} disabled={busy} onChange={(e) => setPayerId(e.target.value)}>
          {payers.map((a) => (
            <option key={a.id} value={a.id}>
              {t('onboarding:passkeyAccount.payerOption', {
                name: untrustedValue(a.name, 'name'),
                address: shortAddress(a.address),
              })}
            </option>
          ))}
        </select>
      </Field>
      <label className={ui.checkbox}>
        <input
          type="checkbox"
          checked={understood}
          disabled={busy}
          onChange={(event) => setUnderstood(event.target.checked)}
        />
        <span>{t('onboarding:passkeyAccount.understand')}</span>
      </label>
    </StepForm>
  );
}

/** The name given, if any (else the vault numbers "Passkey account N"). */
function named(name: string): { name?: string } {
  return name.trim() ? { name: name.trim() } : {};
}
