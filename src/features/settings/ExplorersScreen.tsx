import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import { checkExplorer } from '@/core/explorer/account';
import { explorerConfigProblem } from '@/core/explorer/config';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { urlHost } from '@/lib/i18n/format';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import styles from './settings.module.css';

const ETHERSCAN_V2 = 'https://api.etherscan.io/v2/api';

type FieldProblems = { baseUrl?: Message; apiKey?: Message; general?: Message };

/**
 * The person's explorer API per network (Etherscan API v2 or compatible, with their own key):
 * only then does Cairn ask anyone but their node, and only for native transfers the node's logs
 * cannot show. Checked with one request before it is saved.
 */
export function ExplorersScreen() {
  const t = useT('settings');
  const networks = useSession((s) => s.networks);
  const explorers = useSession((s) => s.explorers);
  const setExplorer = useSession((s) => s.setExplorer);
  const whenSaved = useSession((s) => s.whenSaved);
  const selected = useSelectedNetwork();
  const [networkId, setNetworkId] = useState(selected.id);
  const [baseUrl, setBaseUrl] = useState(ETHERSCAN_V2);
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<FieldProblems>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Message>();
  const network = networks.find((n) => n.id === networkId) ?? selected;
  const configured = networks.filter((n) => explorers[n.id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(undefined);
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
      setStatus(msg('settings:explorers.saved', { name: untrustedValue(network.name, 'name') }));
    } catch (error) {
      setErrors({ general: msg('settings:explorers.failed', { error: errorMessage(error) }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen title={t('settings:explorers.title')}>
      <p className={styles.intro}>{t('settings:explorers.intro')}</p>
      {configured.length > 0 && (
        <ul className={ui.plainList}>
          {configured.map((n) => (
            <li key={n.id} className={ui.actions}>
              <span>
                <T
                  id="settings:explorers.configured"
                  values={{
                    name: untrustedValue(n.name, 'name'),
                    host: codeValue(urlHost(explorers[n.id]?.baseUrl ?? ETHERSCAN_V2)),
                  }}
                />
              </span>
              <button type="button" className={ui.secondary} onClick={() => setExplorer(n.id, undefined)}>
                {t('settings:explorers.remove', { name: untrustedValue(n.name, 'name') })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={ui.section} onSubmit={submit} noValidate aria-labelledby="explorer-form-title">
        <h2 id="explorer-form-title">{t('settings:explorers.formTitle')}</h2>
        <Field label={t('settings:explorers.network')}>
          <select value={networkId} onChange={(e) => setNetworkId(e.target.value)}>
            {networks.map((n) => (
              <option key={n.id} value={n.id}>
                {t('settings:explorers.networkOption', {
                  name: untrustedValue(n.name, 'name'),
                  chainId: codeValue(String(n.chainId)),
                })}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          type="url"
          label={t('settings:explorers.apiUrl')}
          hint={t('settings:explorers.apiUrlHint')}
          error={errors.baseUrl}
          value={baseUrl}
          onChange={setBaseUrl}
        />
        <TextField
          type="password"
          label={t('settings:explorers.apiKey')}
          hint={t('settings:explorers.apiKeyHint')}
          error={errors.apiKey}
          value={apiKey}
          onChange={setApiKey}
        />
        <ErrorAlert message={errors.general} />
        <div className={ui.actions}>
          <button type="submit" disabled={busy}>
            {busy ? t('settings:explorers.checking') : t('settings:explorers.save')}
          </button>
          <span role="status">{status && <T message={status} />}</span>
        </div>
      </form>
    </Screen>
  );
}
