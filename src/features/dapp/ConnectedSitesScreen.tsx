import { type FormEvent, useState } from 'react';
import { AddressText } from '@/components/AddressText';
import { DateTime } from '@/components/DateTime';
import { LtrText } from '@/components/LtrText';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import { type SitePermission, siteNetwork } from '@/core/dapp/sites';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useSession } from '@/lib/stores/session';
import styles from './dapp.module.css';

const MAX_PHRASE = 64;

/** What is wrong with an anti-phishing phrase, or undefined. */
function phraseProblem(text: string): Message | undefined {
  const phrase = text.trim();
  if (phrase.length < 3) return msg('dapp:phrase.tooShort');
  if (phrase.length > MAX_PHRASE) return msg('dapp:phrase.tooLong', { max: MAX_PHRASE, count: phrase.length });
  return undefined;
}

/**
 * Every site connected to Cairn (origin, accounts, its own network, since when, last used) with a
 * way to disconnect each, and the anti-phishing phrase Cairn's own dApp window shows.
 */
export function ConnectedSitesScreen() {
  const t = useT('dapp');
  const sites = useSession((s) => s.dappSites);
  const updateSite = useSession((s) => s.updateSite);
  const list = Object.values(sites).sort((a, b) => b.lastUsed - a.lastUsed);
  return (
    <Screen title={t('dapp:sites.title')}>
      <PhraseForm />
      <section className={ui.section} aria-labelledby="sites-title">
        <h2 id="sites-title">{t('dapp:sites.heading')}</h2>
        {list.length === 0 ? (
          <p>{t('dapp:sites.none')}</p>
        ) : (
          <ul className={styles.sites} aria-label={t('dapp:sites.title')}>
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
  const t = useT('dapp');
  const networks = useSession((s) => s.networks);
  const network = siteNetwork(site, networks);
  return (
    <li>
      <h3>
        <LtrText>{site.origin}</LtrText>
      </h3>
      <dl className={styles.facts}>
        <dt>{t('dapp:sites.callsItself')}</dt>
        <dd>
          <T
            id="dapp:sites.claimedName"
            values={{ name: site.name ? untrustedValue(site.name, 'name') : msg('dapp:noName') }}
          />
        </dd>
        <dt>{t('dapp:sites.accounts')}</dt>
        <dd>
          {site.accounts.map((address) => (
            <span key={address}>
              <AddressText address={address} />{' '}
            </span>
          ))}
        </dd>
        <dt>{t('dapp:facts.network')}</dt>
        <dd>
          {network ? (
            <T
              id="dapp:networkWithChainId"
              values={{ name: untrustedValue(network.name, 'name'), chainId: String(network.chainId) }}
            />
          ) : (
            t('dapp:sites.networkGone')
          )}
        </dd>
        <dt>{t('dapp:sites.connected')}</dt>
        <dd>
          <DateTime when={new Date(site.grantedAt)} />
        </dd>
        <dt>{t('dapp:sites.lastUsed')}</dt>
        <dd>
          <DateTime when={new Date(site.lastUsed)} />
        </dd>
      </dl>
      <button type="button" className={ui.secondary} onClick={onRevoke}>
        <T id="dapp:sites.disconnect" values={{ origin: codeValue(site.origin) }} />
      </button>
    </li>
  );
}

function PhraseForm() {
  const t = useT('dapp');
  const saved = useSession((s) => s.antiPhishingPhrase);
  const setPhrase = useSession((s) => s.setAntiPhishingPhrase);
  const whenSaved = useSession((s) => s.whenSaved);
  const [text, setText] = useState(saved);
  const [error, setError] = useState<Message | string>();
  const [status, setStatus] = useState<Message>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(undefined);
    const problem = phraseProblem(text);
    setError(problem);
    if (problem) return;
    setPhrase(text.trim());
    try {
      await whenSaved();
      setStatus(msg('dapp:phrase.saved'));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <form className={ui.section} onSubmit={submit} noValidate aria-labelledby="phrase-title">
      <h2 id="phrase-title">{t('dapp:phrase.title')}</h2>
      <p>{t('dapp:phrase.intro')}</p>
      <TextField label={t('dapp:phrase.label')} error={error} value={text} onChange={setText} />
      <div className={ui.actions}>
        <button type="submit">{t('dapp:phrase.save')}</button>
        <span role="status">{status && <T message={status} />}</span>
      </div>
    </form>
  );
}
