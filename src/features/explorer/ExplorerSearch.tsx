import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { isHash } from 'viem';
import { isCairnError } from '@/core/errors/base';
import { parseAddress } from '@/core/keys/address';
import { errorText } from '@/lib/errorMessages';
import { useLinks } from '@/lib/links';
import { useSelectedNetwork } from '@/lib/session';
import styles from './explorer.module.css';

/** The header search: a transaction hash opens its page; an address or ENS name opens the address page. */
export function ExplorerSearch() {
  const network = useSelectedNetwork();
  const navigate = useNavigate();
  const links = useLinks();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
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
      setError(
        isCairnError(e)
          ? errorText(e)
          : 'Enter a transaction hash (0x and 64 hex digits), an address (0x and 40) or an ENS name.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <search className={styles.search}>
      <form onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          Search by transaction hash, address or ENS name
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          placeholder="Transaction hash, address or name"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" disabled={busy || text.trim() === ''}>
          Search
        </button>
        {error && (
          <p id={errorId} role="alert" className={styles.searchError}>
            {error}
          </p>
        )}
      </form>
    </search>
  );
}
