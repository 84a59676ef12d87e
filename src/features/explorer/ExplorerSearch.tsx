import { type FormEvent, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { isHash } from 'viem';
import { T } from '@/components/T';
import { isCairnError } from '@/core/errors/base';
import { type Message, msg } from '@/core/i18n/message';
import { parseAddress } from '@/core/keys/address';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useLinks } from '@/lib/links';
import { useSelectedNetwork } from '@/lib/stores/session';
import styles from './explorer.module.css';

/**
 * The header search: a transaction hash opens its page; an address or ENS name opens the address page.
 * It stands in the header of every screen, so the header does not wait for its words: an empty
 * box holds its place while they load.
 */
export function ExplorerSearch() {
  return (
    <Suspense fallback={<div className={styles.search} />}>
      <SearchForm />
    </Suspense>
  );
}

function SearchForm() {
  const t = useT('explorer');
  const network = useSelectedNetwork();
  const navigate = useNavigate();
  const links = useLinks();
  const [text, setText] = useState('');
  const [error, setError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    setError(undefined);
    if (isHash(query)) {
      navigate(links.transaction(query));
      return;
    }
    setBusy(true);
    try {
      // ENS code loads only when a name is searched.
      const ens = query.startsWith('0x') ? undefined : await import('@/core/chain/ens');
      const address = ens?.looksLikeName(query)
        ? (await ens.resolveRecipient(network, query)).address
        : parseAddress(query);
      navigate(links.address(address));
    } catch (e) {
      setError(isCairnError(e) ? errorMessage(e) : msg('explorer:search.invalid'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <search className={styles.search}>
      <form onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          {t('explorer:search.label')}
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          placeholder={t('explorer:search.placeholder')}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" disabled={busy || text.trim() === ''}>
          {t('explorer:search.submit')}
        </button>
        {error && (
          <p id={errorId} role="alert" className={styles.searchError}>
            <T message={error} />
          </p>
        )}
      </form>
    </search>
  );
}
