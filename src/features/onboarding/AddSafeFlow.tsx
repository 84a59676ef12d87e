import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Address } from 'viem';
import { Field } from '@/components/Field';
import { RiskyChoice } from '@/components/RiskyChoice';
import { T } from '@/components/T';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import type { SafeSource } from '@/core/accounts/account';
import { LOCAL_CHAIN_ID, LOCAL_DEMO_SAFE } from '@/core/chain/localChain';
import type { Network } from '@/core/chain/networks';
import { isCairnError } from '@/core/errors/base';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import { parseAddress } from '@/core/keys/address';
import type { SafeState } from '@/core/safe/readSafe';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { QueryScope } from '@/lib/queries/queryClient';
import { safeStateQuery } from '@/lib/queries/safeQueries';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { accountAt, useVault } from '@/lib/vault/vault';
import { FinishStep } from './FinishStep';
import { SafeFoundStep } from './SafeFoundStep';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

/** A Safe read and shown, to be added: where, what the node said, and whether its code is unknown. */
type Found = { network: Network; state: SafeState };

/** What the account's source keeps of the version: a known one, or what unknown code claims, if it reads as a version. */
function sourceOf(found: Found): SafeSource {
  const { state, network } = found;
  if (state.known) return { kind: 'safe', chainId: network.chainId, version: state.known.version, l2: state.known.l2 };
  const claimed = /^[0-9A-Za-z.+-]{1,20}$/.test(state.claimedVersion) ? state.claimedVersion : '?';
  return { kind: 'safe', chainId: network.chainId, version: claimed, l2: false, unknownCode: true };
}

/**
 * Adds a Safe multisig: the network it is on, its address; Continue reads it through the node
 * and checks its code, then shows its owners (the person's own named), threshold, nonce and
 * version before it is added. A refusal (not a Safe, code Cairn does not know, already in Cairn)
 * is said in place, keeping what was typed; code Cairn does not know can be added through an
 * advanced choice whose warning must be ticked first.
 */
export function AddSafeFlow(props: FlowProps) {
  // It reads the chain before any vault exists (on first run), so it brings the query cache itself.
  return (
    <QueryScope>
      <AddSafe {...props} />
    </QueryScope>
  );
}

function AddSafe({ mode, onDone, onCancel }: FlowProps) {
  const t = useT('onboarding');
  const queries = useQueryClient();
  const networks = useSession((s) => s.networks);
  const selected = useSelectedNetwork();
  const accounts = useVault((s) => s.accounts);
  const [networkId, setNetworkId] = useState(selected.id);
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  /** The address whose code Cairn did not know: the advanced choice is offered for it. */
  const [unknownAt, setUnknownAt] = useState<Address>();
  const [advanced, setAdvanced] = useState({ open: false, understood: false });
  const [found, setFound] = useState<Found>();
  const [finishing, setFinishing] = useState(false);
  const network = networks.find((n) => n.id === networkId) ?? selected;

  const check = async () => {
    let address: Address;
    try {
      address = parseAddress(text);
    } catch (e) {
      setError(errorMessage(e));
      return;
    }
    const existing = accountAt(accounts, address);
    if (existing && existing.source.kind !== 'watch') {
      setError(msg('onboarding:safe.already', { name: untrustedValue(existing.name, 'name') }));
      return;
    }
    const allowUnknown = advanced.open && advanced.understood && unknownAt === address;
    setBusy(true);
    setError(undefined);
    try {
      const state = await queries.fetchQuery(safeStateQuery(network, address, undefined, allowUnknown));
      setFound({ network, state });
    } catch (e) {
      if (isCairnError(e) && e.code === 'SAFE_UNKNOWN_CODE') setUnknownAt(address);
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (found && finishing) {
    const source = sourceOf(found);
    return (
      <FinishStep
        mode={mode}
        onDone={onDone}
        summary={
          <T
            id="onboarding:safe.summary"
            values={{ address: codeValue(found.state.address), network: untrustedValue(found.network.name, 'name') }}
          />
        }
        prepare={async () => ({
          secret: undefined,
          accounts: [{ address: found.state.address, source, ...(name.trim() ? { name } : {}) }],
        })}
      />
    );
  }

  if (found)
    return (
      <SafeFoundStep
        network={found.network}
        state={found.state}
        name={name}
        onName={setName}
        onContinue={() => setFinishing(true)}
        onBack={() => setFound(undefined)}
      />
    );

  const offerUnknown = unknownAt !== undefined;
  return (
    <StepForm
      title={t('onboarding:safe.title')}
      description={t('onboarding:safe.description')}
      onContinue={check}
      onBack={onCancel}
      busy={busy}
      busyLabel={t('onboarding:safe.reading')}
      continueDisabled={offerUnknown && advanced.open && !advanced.understood}
    >
      <Field label={t('onboarding:safe.networkLabel')}>
        <select
          value={network.id}
          disabled={busy}
          onChange={(e) => {
            // What was refused, and the warning taken for it, were for the other network.
            setNetworkId(e.target.value);
            setUnknownAt(undefined);
            setAdvanced({ open: false, understood: false });
          }}
        >
          {networks.map((n) => (
            <option key={n.id} value={n.id} translate="no">
              {n.name}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        label={t('onboarding:safe.addressLabel')}
        hint={t('onboarding:safe.addressHint')}
        error={error}
        value={text}
        onChange={setText}
      />
      {network.chainId === LOCAL_CHAIN_ID && text.trim() === '' && (
        <p className={ui.muted}>
          <button type="button" className={ui.secondary} onClick={() => setText(LOCAL_DEMO_SAFE)}>
            {t('onboarding:safe.useDemo')}
          </button>
        </p>
      )}
      {offerUnknown && (
        <RiskyChoice
          summary={t('onboarding:safe.unknown.summary')}
          warning={t('onboarding:safe.unknown.warning')}
          open={advanced.open}
          onOpen={(open) => setAdvanced({ ...advanced, open })}
        >
          <label className={ui.checkbox}>
            <input
              type="checkbox"
              checked={advanced.understood}
              disabled={busy}
              onChange={(event) => setAdvanced({ ...advanced, understood: event.target.checked })}
            />
            <span>{t('onboarding:safe.unknown.understand')}</span>
          </label>
        </RiskyChoice>
      )}
    </StepForm>
  );
}
