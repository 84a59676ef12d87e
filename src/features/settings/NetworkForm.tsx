import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import ui from '@/components/ui.module.css';
import {
  draftOf,
  type NetworkDraft,
  type NetworkDraftErrors,
  parseNetworkDraft,
  verifyNetwork,
} from '@/core/chain/networkDraft';
import type { Network } from '@/core/chain/networks';
import { WrongChainError } from '@/core/errors/chain';
import { errorText } from '@/lib/errorMessages';
import { useSession } from '@/lib/session';

const blank: NetworkDraft = { name: '', rpcUrls: '', chainId: '', symbol: '', explorerUrl: '' };

function verifyFailure(error: unknown): string {
  if (error instanceof WrongChainError) {
    return `The node at ${error.rpcUrl} reports chain id ${error.actualChainId}, but this network is chain id ${error.expectedChainId}. Nothing was saved.`;
  }
  const url = (error as { rpcUrl?: string }).rpcUrl;
  return `${url ? `${url}: ` : ''}${errorText(error)} Nothing was saved.`;
}

/**
 * Edits a network's RPC URLs and explorer (all fields for a custom network). Before saving,
 * every RPC URL is asked for its chain id; a mismatch or an unreachable node is refused.
 */
export function NetworkForm({ network, onDone }: { network: Network | undefined; onDone(): void }) {
  const saveNetwork = useSession((s) => s.saveNetwork);
  const [draft, setDraft] = useState<NetworkDraft>(network ? draftOf(network) : blank);
  const [errors, setErrors] = useState<NetworkDraftErrors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const custom = !network || network.kind === 'custom';
  const set = (field: keyof NetworkDraft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = parseNetworkDraft(draft, network, () => crypto.randomUUID());
    if (!parsed.network) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await verifyNetwork(parsed.network);
      saveNetwork(parsed.network);
      onDone();
    } catch (error) {
      setFailure(verifyFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={ui.stack}
      onSubmit={submit}
      noValidate
      aria-label={network ? `Edit ${network.name}` : 'Add a network'}
    >
      {custom && (
        <Field label="Network name" error={errors.name}>
          <input type="text" value={draft.name} onChange={set('name')} />
        </Field>
      )}
      <Field
        label="RPC URLs"
        hint="One per line. Cairn uses the first that answers. Your node sees your addresses, so choose one you trust."
        error={errors.rpcUrls}
      >
        <textarea rows={3} value={draft.rpcUrls} spellCheck={false} autoCapitalize="off" onChange={set('rpcUrls')} />
      </Field>
      {custom && (
        <>
          <Field label="Chain id" error={errors.chainId}>
            <input type="text" inputMode="numeric" value={draft.chainId} onChange={set('chainId')} />
          </Field>
          <Field label="Currency symbol" error={errors.symbol}>
            <input type="text" value={draft.symbol} onChange={set('symbol')} />
          </Field>
        </>
      )}
      <Field label="Block explorer URL (optional)" error={errors.explorerUrl}>
        <input
          type="text"
          value={draft.explorerUrl}
          spellCheck={false}
          autoCapitalize="off"
          onChange={set('explorerUrl')}
        />
      </Field>
      <ErrorAlert message={failure} />
      <div className={ui.actions}>
        <button type="submit" disabled={busy}>
          {busy ? 'Checking the node…' : 'Save network'}
        </button>
        <button type="button" className={ui.secondary} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
