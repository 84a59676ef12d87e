import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { Screen } from '@/components/Screen';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import { checkExplorer } from '@/core/explorer/account';
import { explorerConfigProblem } from '@/core/explorer/config';
import { errorText } from '@/lib/errorMessages';
import { urlHost } from '@/lib/format';
import { useSelectedNetwork, useSession } from '@/lib/session';
import styles from './settings.module.css';

const ETHERSCAN_V2 = 'https://api.etherscan.io/v2/api';

/**
 * The person's explorer API per network (Etherscan API v2 or compatible, with their own key):
 * only then does Cairn ask anyone but their node, and only for native transfers the node's logs
 * cannot show. Checked with one request before it is saved.
 */
export function ExplorersScreen() {
  const networks = useSession((s) => s.networks);
  const explorers = useSession((s) => s.explorers);
  const setExplorer = useSession((s) => s.setExplorer);
  const whenSaved = useSession((s) => s.whenSaved);
  const selected = useSelectedNetwork();
  const [networkId, setNetworkId] = useState(selected.id);
  const [baseUrl, setBaseUrl] = useState(ETHERSCAN_V2);
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<{ baseUrl?: string; apiKey?: string; general?: string }>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const network = networks.find((n) => n.id === networkId) ?? selected;
  const configured = networks.filter((n) => explorers[n.id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    const problem = explorerConfigProblem({ baseUrl, apiKey });
    if (problem) {
      setErrors(problem);
      return;
    }
    const config = { baseUrl: baseUrl.trim(), apiKey };
    setBusy(true);
    try {
      await checkExplorer({ config, chainId: network.chainId });
      setExplorer(network.id, config);
      await whenSaved();
      setErrors({});
      setApiKey('');
      setStatus(`Explorer saved for ${network.name}. History will include native transfers from it.`);
    } catch (error) {
      setErrors({ general: `${errorText(error)} Nothing was saved.` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen title="History explorers">
      <p className={styles.intro}>
        Your node’s logs give every token transfer. Native coins sent to you by others (and your transactions sent from
        other wallets) need an Etherscan-compatible explorer API with your own key. Cairn asks it only for your
        accounts’ history, and only on the networks you set here.
      </p>
      {configured.length > 0 && (
        <ul className={ui.plainList}>
          {configured.map((n) => (
            <li key={n.id} className={ui.actions}>
              <span>
                {n.name}: {urlHost(explorers[n.id]?.baseUrl ?? ETHERSCAN_V2)}
              </span>
              <button type="button" className={ui.secondary} onClick={() => setExplorer(n.id, undefined)}>
                Remove the explorer of {n.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={ui.section} onSubmit={submit} noValidate aria-labelledby="explorer-form-title">
        <h2 id="explorer-form-title">Set an explorer</h2>
        <Field label="Network">
          <select value={networkId} onChange={(e) => setNetworkId(e.target.value)}>
            {networks.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name} (chain id {n.chainId})
              </option>
            ))}
          </select>
        </Field>
        <TextField
          type="url"
          label="Explorer API URL"
          hint="Etherscan API v2 serves every chain it supports from one URL."
          error={errors.baseUrl}
          value={baseUrl}
          onChange={setBaseUrl}
        />
        <TextField
          type="password"
          label="API key"
          hint="Your own key. It stays on this device and is sent only to this explorer."
          error={errors.apiKey}
          value={apiKey}
          onChange={setApiKey}
        />
        <ErrorAlert message={errors.general} />
        <div className={ui.actions}>
          <button type="submit" disabled={busy}>
            {busy ? 'Checking…' : 'Check and save explorer'}
          </button>
          <span role="status">{status}</span>
        </div>
      </form>
    </Screen>
  );
}
