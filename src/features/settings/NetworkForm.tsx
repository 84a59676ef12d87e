import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import ui from '@/components/ui.module.css';
import { WorkProgress } from '@/components/WorkProgress';
import {
  draftOf,
  type NetworkDraft,
  type NetworkDraftErrors,
  parseNetworkDraft,
  verifyNetwork,
} from '@/core/chain/networkDraft';
import type { Network } from '@/core/chain/networks';
import { WrongChainError } from '@/core/errors/chain';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useSession, useWhenStored } from '@/lib/stores/session';

const blank: NetworkDraft = { name: '', rpcUrls: '', wsUrl: '', chainId: '', symbol: '', explorerUrl: '' };

function verifyFailure(error: unknown): Message {
  if (error instanceof WrongChainError) {
    return msg('settings:networkForm.wrongChain', {
      url: codeValue(error.rpcUrl ?? ''),
      actual: codeValue(String(error.actualChainId)),
      expected: codeValue(String(error.expectedChainId)),
    });
  }
  const url = (error as { rpcUrl?: string }).rpcUrl;
  return url
    ? msg('settings:networkForm.failedAt', { url: codeValue(url), error: errorMessage(error) })
    : msg('settings:networkForm.failed', { error: errorMessage(error) });
}

/**
 * Edits a network's RPC URLs, WebSocket URL and explorer (all fields for a custom network). Before
 * saving, every RPC URL and the WebSocket URL are asked for their chain id; a mismatch or an
 * unreachable node is refused.
 */
export function NetworkForm({ network, onDone }: { network: Network | undefined; onDone(): void }) {
  const t = useT('settings');
  const saveNetwork = useSession((s) => s.saveNetwork);
  const whenStored = useWhenStored();
  const [draft, setDraft] = useState<NetworkDraft>(network ? draftOf(network) : blank);
  const [errors, setErrors] = useState<NetworkDraftErrors>({});
  const [failure, setFailure] = useState<Message>();
  const [busy, setBusy] = useState(false);
  /** The URL being asked for its chain id, and how many of all answered before it. */
  const [asking, setAsking] = useState<{ url: string; done: number; total: number }>();
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
      saveNetwork(await verifyNetwork(parsed.network, { onProgress: setAsking }));
      if (await whenStored()) onDone();
    } catch (error) {
      setFailure(verifyFailure(error));
    } finally {
      setBusy(false);
      setAsking(undefined);
    }
  };

  return (
    <form
      className={ui.stack}
      onSubmit={submit}
      noValidate
      aria-label={
        network
          ? t('settings:networks.editNamed', { name: untrustedValue(network.name, 'name') })
          : t('settings:networks.add')
      }
    >
      {custom && (
        <Field label={t('settings:networkForm.name')} error={errors.name}>
          <input type="text" value={draft.name} onChange={set('name')} />
        </Field>
      )}
      <Field
        label={t('settings:networkForm.rpcUrls')}
        hint={t('settings:networkForm.rpcUrlsHint')}
        error={errors.rpcUrls}
      >
        <textarea rows={3} value={draft.rpcUrls} spellCheck={false} autoCapitalize="off" onChange={set('rpcUrls')} />
      </Field>
      <Field label={t('settings:networkForm.wsUrl')} hint={t('settings:networkForm.wsUrlHint')} error={errors.wsUrl}>
        <input type="text" value={draft.wsUrl} spellCheck={false} autoCapitalize="off" onChange={set('wsUrl')} />
      </Field>
      {custom && (
        <>
          <Field label={t('settings:networkForm.chainId')} error={errors.chainId}>
            <input type="text" inputMode="numeric" value={draft.chainId} onChange={set('chainId')} />
          </Field>
          <Field label={t('settings:networkForm.symbol')} error={errors.symbol}>
            <input type="text" value={draft.symbol} onChange={set('symbol')} />
          </Field>
        </>
      )}
      <Field label={t('settings:networkForm.explorerUrl')} error={errors.explorerUrl}>
        <input
          type="text"
          value={draft.explorerUrl}
          spellCheck={false}
          autoCapitalize="off"
          onChange={set('explorerUrl')}
        />
      </Field>
      <ErrorAlert message={failure} />
      {busy && asking && (
        <WorkProgress
          label={t('settings:networkForm.asking', { url: codeValue(asking.url) })}
          {...(asking.total > 1
            ? {
                fraction: asking.done / asking.total,
                detail: t('settings:networkForm.answered', { done: asking.done, total: asking.total }),
              }
            : {})}
        />
      )}
      <div className={ui.actions}>
        <button type="submit" disabled={busy}>
          {busy ? t('settings:networkForm.checking') : t('settings:networkForm.save')}
        </button>
        <button type="button" className={ui.secondary} onClick={onDone}>
          {t('settings:networkForm.cancel')}
        </button>
      </div>
    </form>
  );
}
