import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type Ref, useState } from 'react';
import { Field } from '@/components/Field';
import { TextField } from '@/components/TextField';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { isShownToken, listedTokens } from '@/core/assets/catalogue';
import type { TokenInfo } from '@/core/assets/token';
import type { TokenMetadata } from '@/core/assets/tokenMetadata';
import type { Network } from '@/core/chain/networks';
import { parseAddress } from '@/core/keys/address';
import { untrustedLabel } from '@/core/text/untrustedText';
import { errorText } from '@/lib/errorMessages';
import { tokenMetadataQuery } from '@/lib/queries/portfolioQueries';
import { useSession } from '@/lib/session';
import styles from './portfolio.module.css';

const EMPTY: never[] = [];

/**
 * Add a token by address (read from the contract), and bring back hidden ones. `sectionRef` lets
 * Home lead to the address field ("Add a token" of an empty Home).
 */
export function ManageTokens({ network, sectionRef }: { network: Network; sectionRef?: Ref<HTMLElement> }) {
  const queryClient = useQueryClient();
  const custom = useSession((s) => s.customTokens[network.id] ?? EMPTY);
  const hidden = useSession((s) => s.hiddenTokens[network.id] ?? EMPTY);
  const addCustomToken = useSession((s) => s.addCustomToken);
  const removeCustomToken = useSession((s) => s.removeCustomToken);
  const setTokenHidden = useSession((s) => s.setTokenHidden);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<{ address: `0x${string}`; meta: TokenMetadata }>();
  const [decimals, setDecimals] = useState('');
  const [decimalsError, setDecimalsError] = useState<string>();
  const [added, setAdded] = useState<string>();
  const known = [...listedTokens(network), ...custom];
  const nameOf = (address: string) => {
    const symbol = known.find((t) => t.address.toLowerCase() === address)?.symbol;
    return symbol === undefined ? address : untrustedLabel(symbol, 'symbol');
  };

  const lookUp = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setFound(undefined);
    setAdded(undefined);
    let address: `0x${string}`;
    try {
      address = parseAddress(text);
    } catch (e) {
      setError(errorText(e));
      return;
    }
    if (isShownToken(network, custom, hidden, address)) {
      setError(`${nameOf(address.toLowerCase())} is already in your tokens on ${network.name}.`);
      return;
    }
    setBusy(true);
    try {
      setFound({ address, meta: await queryClient.fetchQuery(tokenMetadataQuery(network, address)) });
      setDecimals('');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!found) return;
    let tokenDecimals = found.meta.decimals;
    if (tokenDecimals === undefined) {
      const n = Number(decimals);
      if (!/^\d+$/.test(decimals.trim()) || n > 36) {
        setDecimalsError('Enter the number of decimals, a whole number from 0 to 36 (18 for most tokens).');
        return;
      }
      tokenDecimals = n;
    }
    const token: TokenInfo = {
      address: found.address,
      name: found.meta.name,
      symbol: found.meta.symbol,
      decimals: tokenDecimals,
    };
    addCustomToken(network.id, token);
    setAdded(`${untrustedLabel(token.symbol, 'symbol')} added.`);
    setFound(undefined);
    setText('');
  };

  return (
    <section ref={sectionRef} className={styles.manage} aria-labelledby="manage-tokens-title">
      <h2 id="manage-tokens-title">Tokens on {network.name}</h2>
      <form className={styles.form} onSubmit={lookUp} noValidate>
        <TextField
          label="Token contract address"
          hint="Cairn reads the name, symbol and decimals from the contract."
          error={error}
          value={text}
          onChange={setText}
        />
        <div className={ui.actions}>
          <button type="submit" disabled={busy}>
            {busy ? 'Reading…' : 'Look up token'}
          </button>
          {added && <span role="status">{added}</span>}
        </div>
      </form>
      {found && (
        <form className={styles.form} onSubmit={add} noValidate aria-label="Add token">
          <p>
            <strong>
              <UntrustedText text={found.meta.symbol} kind="symbol" />
            </strong>{' '}
            — <UntrustedText text={found.meta.name} kind="tokenName" />
            {found.meta.decimals !== undefined && <span className={ui.muted}> ({found.meta.decimals} decimals)</span>}
          </p>
          {found.meta.decimals === undefined && (
            <Field
              label="Decimals"
              hint="This contract does not say how many decimals it uses. Check the project's documentation."
              error={decimalsError}
            >
              <input type="text" inputMode="numeric" value={decimals} onChange={(e) => setDecimals(e.target.value)} />
            </Field>
          )}
          <div className={ui.actions}>
            <button type="submit">Add {untrustedLabel(found.meta.symbol, 'symbol')}</button>
            <button type="button" className={ui.secondary} onClick={() => setFound(undefined)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {custom.length > 0 && (
        <div>
          <h3>Added by you</h3>
          <ul className={styles.plainList}>
            {custom.map((token) => (
              <li key={token.address}>
                <UntrustedText text={token.symbol} kind="symbol" /> <span className={ui.muted}>{token.address}</span>{' '}
                <button
                  type="button"
                  className={ui.secondary}
                  onClick={() => removeCustomToken(network.id, token.address)}
                >
                  Remove {untrustedLabel(token.symbol, 'symbol')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {hidden.length > 0 && (
        <div>
          <h3>Hidden</h3>
          <ul className={styles.plainList}>
            {hidden.map((address) => (
              <li key={address}>
                {nameOf(address)}{' '}
                <button
                  type="button"
                  className={ui.secondary}
                  onClick={() => setTokenHidden(network.id, address, false)}
                >
                  Show {nameOf(address)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
