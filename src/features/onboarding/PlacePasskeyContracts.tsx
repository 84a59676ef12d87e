import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { CodeText } from '@/components/CodeText';
import { NetworkFeeLines } from '@/components/NetworkFeeLines';
import ui from '@/components/ui.module.css';
import { useSendingHeld, VerificationHold } from '@/components/VerificationHold';
import type { Account } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { isCairnError } from '@/core/errors/base';
import { type Message, msg, untrustedValue } from '@/core/i18n/message';
import { sendPasskeyPlacement } from '@/core/smartAccount/passkey/passkeyPlacement';
import type { TxRecord } from '@/core/tx/record';
import { useT } from '@/lib/i18n';
import { errorMessage, failureMessage } from '@/lib/i18n/errorMessages';
import { passkeyNetworkQuery, passkeyPlacementQuery } from '@/lib/queries/passkeyAccountQueries';
import { useSettledRecord } from '@/lib/queries/recordQueries';
import { useTransactions } from '@/lib/stores/transactions';
import { useVaultSession } from '@/lib/vault/vault';
import { StepForm } from './StepForm';

const CONTRACT_LABEL = {
  verifier: 'onboarding:passkeyAccount.place.verifier',
  delegate: 'onboarding:passkeyAccount.place.delegate',
} as const;

/**
 * A step of "Create a passkey account" where the network has none of Cairn's passkey contracts
 * yet: what would be placed (each contract, where it lands, the code hash Cairn checks), each
 * transaction's fee paid by `payer`, and Place, which sends them through the deterministic
 * deployer. Once the last is mined, the network is checked again (code hashes included) before
 * `onPlaced`; a placement that did not take is a sentence, and the account is not made.
 */
export function PlacePasskeyContracts({
  network,
  payer,
  onPlaced,
  onBack,
}: {
  network: Network;
  payer: Account;
  onPlaced(): void;
  onBack(): void;
}) {
  const t = useT('onboarding');
  const queries = useQueryClient();
  const session = useVaultSession();
  const { service } = useTransactions();
  const held = useSendingHeld(network);
  const from = payer.address as Address;
  const placement = useQuery(passkeyPlacementQuery(network, from));
  const [error, setError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const [pendingId, setPendingId] = useState<string>();
  const [failed, setFailed] = useState(false);
  const placements = placement.data;
  const ids = useId();

  // Placed meanwhile (by anyone: the same code at the same address): nothing to send.
  useEffect(() => {
    if (placements?.length === 0) onPlaced();
  }, [placements, onPlaced]);

  const place = async () => {
    if (!placements) return;
    setError(undefined);
    setBusy(true);
    const sent: TxRecord[] = [];
    try {
      await sendPasskeyPlacement(await service(), {
        network,
        payer: session.signerFor(payer),
        placements,
        onSent: (record) => sent.push(record),
      });
      const last = sent.at(-1);
      if (last === undefined) onPlaced();
      else setPendingId(last.id);
    } catch (e) {
      if (sent.length === 0) setError(failureMessage(e, msg('onboarding:passkeyAccount.place.nothingSent')));
      else {
        // The verifier went out and the delegate did not: not sent again from here (it would
        // fail at its address, now taken); opened again once it is mined, only the delegate is left.
        setFailed(true);
        setError(
          msg('common:error.withOutcome', {
            error: errorMessage(e),
            outcome: msg('onboarding:passkeyAccount.place.partlySent'),
          }),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  // Once the last is mined, the network is checked as before an account is made: both contracts
  // there, their code hashes Cairn's.
  const settled = useSettledRecord(network, from, pendingId);
  const checking = useRef<string>(undefined);
  useEffect(() => {
    if (!settled || checking.current === settled.id) return;
    checking.current = settled.id;
    const check = async () => {
      try {
        await queries.fetchQuery(passkeyNetworkQuery(network));
        onPlaced();
      } catch (e) {
        setFailed(true);
        const absent = isCairnError(e) && e.code === 'SMART_DELEGATE_ABSENT';
        setError(absent ? msg('onboarding:passkeyAccount.place.notPlaced') : errorMessage(e));
      } finally {
        setPendingId(undefined);
      }
    };
    void check();
  }, [settled, queries, network, onPlaced]);

  const networkName = untrustedValue(network.name, 'name');
  return (
    <StepForm
      title={t('onboarding:passkeyAccount.place.title', { network: networkName })}
      description={t('onboarding:passkeyAccount.place.description', { network: networkName })}
      error={error ?? (placement.error ? errorMessage(placement.error) : undefined)}
      onContinue={place}
      continueLabel={t('onboarding:passkeyAccount.place.send')}
      continueDisabled={!placements || placements.length === 0 || failed || held}
      busy={busy || pendingId !== undefined || placement.isPending}
      busyLabel={
        placement.isPending
          ? t('onboarding:passkeyAccount.place.preparing')
          : t('onboarding:passkeyAccount.place.sending')
      }
      onBack={onBack}
      backDisabled={busy || pendingId !== undefined}
    >
      {placements?.map(({ contract, prepared }) => (
        // One group per contract, named by it: its address, code hash and fee read as its own.
        <section key={contract.address} aria-labelledby={`${ids}-${contract.name}`}>
          <h3 id={`${ids}-${contract.name}`}>{t(CONTRACT_LABEL[contract.name])}</h3>
          <dl className={ui.facts}>
            <dt>{t('onboarding:passkeyAccount.place.address')}</dt>
            <dd>
              <AddressText address={contract.address} />
            </dd>
            <dt>{t('onboarding:passkeyAccount.place.codeHash')}</dt>
            <dd>
              <CodeText>{contract.codeHash}</CodeText>
            </dd>
            <dt>{t('onboarding:passkeyAccount.review.payer', { payer: untrustedValue(payer.name, 'name') })}</dt>
            <dd>
              <NetworkFeeLines prepared={prepared} native={network.nativeCurrency} />
            </dd>
          </dl>
        </section>
      ))}
      <p>{t('onboarding:passkeyAccount.place.checked')}</p>
      {held && <VerificationHold network={network} />}
      <p role="status">{pendingId ? t('onboarding:passkeyAccount.place.mining') : ''}</p>
    </StepForm>
  );
}
