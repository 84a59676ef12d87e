import { type FormEvent, useState } from 'react';
import { AddressText } from '@/components/AddressText';
import { Screen } from '@/components/Screen';
import { TextField } from '@/components/TextField';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { type SitePermission, siteNetwork } from '@/core/dapp/sites';
import { errorText } from '@/lib/errorMessages';
import { useSession } from '@/lib/session';
import styles from './dapp.module.css';

const MAX_PHRASE = 64;

/** What is wrong with an anti-phishing phrase, or undefined. */
function phraseProblem(text: string): string | undefined {
  const phrase = text.trim();
  if (phrase.length < 3) return 'Choose at least 3 characters, words you will recognise.';
  if (phrase.length > MAX_PHRASE) return `Keep it to ${MAX_PHRASE} characters or fewer (it has ${phrase.length}).`;
  return undefined;
}

/**
 * Every site connected to Cairn (origin, accounts, its own network, since when, last used) with a
 * way to disconnect each, and the anti-phishing phrase Cairn's own dApp window shows.
 */
export function ConnectedSitesScreen() {
  const sites = useSession((s) => s.dappSites);
  const updateSite = useSession((s) => s.updateSite);
  const list = Object.values(sites).sort((a, b) => b.lastUsed - a.lastUsed);
  return (
    <Screen title="Connected sites">
      <PhraseForm />
      <section className={ui.section} aria-labelledby="sites-title">
        <h2 id="sites-title">Sites</h2>
        {list.length === 0 ? (
          <p>No site is connected. Sites ask to connect from their own page; Cairn opens a window to ask you.</p>
        ) : (
          <ul className={styles.sites} aria-label="Connected sites">
            {list.map((site) => (
              <SiteRow key={site.origin} site={site} onRevoke={() => updateSite(site.origin, () => undefined)} />
            ))}
          </ul>
        )}
      </section>
    </Screen>
  );
}

function SiteRow({ site, onRevoke }: { site: SitePermission; onRevoke(): void }) {
  const networks = useSession((s) => s.networks);
  const network = siteNetwork(site, networks);
  return (
    <li>
      <h3>
        <bdi dir="ltr">{site.origin}</bdi>
      </h3>
      <dl className={styles.facts}>
        <dt>Calls itself</dt>
        <dd>
          <UntrustedText text={site.name || '(no name)'} kind="name" /> (unverified)
        </dd>
        <dt>Accounts</dt>
        <dd>
          {site.accounts.map((address) => (
            <span key={address}>
              <AddressText address={address} />{' '}
            </span>
          ))}
        </dd>
        <dt>Network</dt>
        <dd>{network ? `${network.name} (chain id ${network.chainId})` : 'a network no longer in Cairn'}</dd>
        <dt>Connected</dt>
        <dd>{new Date(site.grantedAt).toLocaleString()}</dd>
        <dt>Last used</dt>
        <dd>{new Date(site.lastUsed).toLocaleString()}</dd>
      </dl>
      <button type="button" className={ui.secondary} onClick={onRevoke}>
        Disconnect {site.origin}
      </button>
    </li>
  );
}

function PhraseForm() {
  const saved = useSession((s) => s.antiPhishingPhrase);
  const setPhrase = useSession((s) => s.setAntiPhishingPhrase);
  const whenSaved = useSession((s) => s.whenSaved);
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    const problem = phraseProblem(text);
    setError(problem);
    if (problem) return;
    setPhrase(text.trim());
    try {
      await whenSaved();
      setStatus('Saved.');
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <form className={ui.section} onSubmit={submit} noValidate aria-labelledby="phrase-title">
      <h2 id="phrase-title">Anti-phishing phrase</h2>
      <p>
        Cairn’s window for sites shows these words. A fake window on another site cannot: if a window asking you to sign
        lacks them, close it.
      </p>
      <TextField label="Your phrase" error={error} value={text} onChange={setText} />
      <div className={ui.actions}>
        <button type="submit">Save phrase</button>
        <span role="status">{status}</span>
      </div>
    </form>
  );
}
