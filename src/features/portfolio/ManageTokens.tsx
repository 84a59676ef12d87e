import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type Ref, useState } from 'react';
import { Field } from '@/components/Field';
import { LtrText } from '@/components/LtrText';
import { T } from '@/components/T';
import { TextField } from '@/components/TextField';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { isShownToken, listedTokens } from '@/core/assets/catalogue';
import type { TokenInfo } from '@/core/assets/token';
import type { TokenMetadata } from '@/core/assets/tokenMetadata';
import type { Network } from '@/core/chain/networks';
import { type CodeValue, codeValue, type Message, msg, type UntrustedValue, untrustedValue } from '@/core/i18n/message';
import { parseAddress } from '@/core/keys/address';
import { sameAddress } from '@/core/keys/sameAddress';
import { untrustedLabel } from '@/core/text/untrustedText';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { tokenMetadataQuery } from '@/lib/queries/portfolioQueries';
import { useSession, useWhenStored } from '@/lib/stores/session';
import styles from './portfolio.module.css';

const EMPTY: never[] = [];

/** A token's symbol, or its address when Cairn knows no symbol for it. */
function TokenName({ value }: { value: CodeValue | UntrustedValue }) {
  return value.kind === 'code' ? <LtrText>{value.text}</LtrText> : <UntrustedText text={value.text} kind={value.as} />;
}

/**
 * Add a token by address (read from the contract), and bring back hidden ones. `sectionRef` lets
 * Home lead to the address field ("Add a token" of an empty Home).
 */
export function ManageTokens({ network, sectionRef }: { network: Network; sectionRef?: Ref<HTMLElement> }) {
  const t = useT('portfolio');
  const queryClient = useQueryClient();
  const custom = useSession((s) => s.customTokens[network.id] ?? EMPTY);
  const hidden = useSession((s) => s.hiddenTokens[network.id] ?? EMPTY);
  const addCustomToken = useSession((s) => s.addCustomToken);
  const whenStored = useWhenStored();
  const removeCustomToken = useSession((s) => s.removeCustomToken);
  const setTokenHidden = useSession((s) => s.setTokenHidden);
  const [text, setText] = useState('');
  const [error, setError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<{ address: `0x${string}`; meta: TokenMetadata }>();
  const [decimals, setDecimals] = useState('');
  const [decimalsError, setDecimalsError] = useState<Message>();
  const [added, setAdded] = useState<Message>();
  const known = [...listedTokens(network), ...custom];
  /** A token by its symbol, else its address (`address` in lower case). */
  const nameOf = (address: string) => {
    const symbol = known.find((t) => sameAddress(t.address, address))?.symbol;
    return symbol === undefined ? codeValue(address) : untrustedValue(symbol, 'symbol');
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
      setError(errorMessage(e));
      return;
    }
    if (isShownToken(network, custom, hidden, address)) {
      setError(
        msg('portfolio:tokens.already', {
          token: nameOf(address.toLowerCase()),
          network: untrustedValue(network.name, 'name'),
        }),
      );
      return;
    }
    setBusy(true);
    try {
      setFound({ address, meta: await queryClient.fetchQuery(tokenMetadataQuery(network, address)) });
      setDecimals('');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!found) return;
    let tokenDecimals = found.meta.decimals;
    if (tokenDecimals === undefined) {
      const n = Number(decimals);
      if (!/^\d+$/.test(decimals.trim()) || n > 36) {
        setDecimalsError(msg('portfolio:tokens.decimalsProblem'));
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
    setFound(undefined);
    setText('');
    if (await whenStored()) setAdded(msg('portfolio:tokens.added', { symbol: untrustedValue(token.symbol, 'symbol') }));
  };

  return (
    <section ref={sectionRef} className={styles.manage} aria-labelledby="manage-tokens-title">
      <h2 id="manage-tokens-title">
        <T id="portfolio:tokens.title" values={{ network: untrustedValue(network.name, 'name') }} />
      </h2>
      <form className={styles.form} onSubmit={lookUp} noValidate>
        <TextField
          label={t('portfolio:tokens.address')}
          hint={t('portfolio:tokens.addressHint')}
          error={error}
          value={text}
          onChange={setText}
        />
        <div className={ui.actions}>
          <button type="submit" disabled={busy}>
            {busy ? t('portfolio:tokens.reading') : t('portfolio:tokens.lookUp')}
          </button>
          {added && (
            <span role="status">
              <T message={added} />
            </span>
          )}
        </div>
      </form>
      {found && (
        <form className={styles.form} onSubmit={add} noValidate aria-label={t('portfolio:tokens.addForm')}>
          <p>
            {found.meta.decimals === undefined ? (
              <T
                id="portfolio:tokens.found"
                values={{
                  symbol: untrustedValue(found.meta.symbol, 'symbol'),
                  name: untrustedValue(found.meta.name, 'tokenName'),
                }}
                tags={{ 0: <strong /> }}
              />
            ) : (
              <T
                id="portfolio:tokens.foundDecimals"
                values={{
                  symbol: untrustedValue(found.meta.symbol, 'symbol'),
                  name: untrustedValue(found.meta.name, 'tokenName'),
                  count: found.meta.decimals,
                }}
                tags={{ 0: <strong />, 1: <span className={ui.muted} /> }}
              />
            )}
          </p>
          {found.meta.decimals === undefined && (
            <Field
              label={t('portfolio:tokens.decimals')}
              hint={t('portfolio:tokens.decimalsHint')}
              error={decimalsError}
            >
              <input type="text" inputMode="numeric" value={decimals} onChange={(e) => setDecimals(e.target.value)} />
            </Field>
          )}
          <div className={ui.actions}>
            <button type="submit">
              {t('portfolio:tokens.add', { symbol: untrustedLabel(found.meta.symbol, 'symbol') })}
            </button>
            <button type="button" className={ui.secondary} onClick={() => setFound(undefined)}>
              {t('portfolio:tokens.cancel')}
            </button>
          </div>
        </form>
      )}
      {custom.length > 0 && (
        <div>
          <h3>{t('portfolio:tokens.custom')}</h3>
          <ul className={styles.plainList}>
            {custom.map((token) => (
              <li key={token.address}>
                <UntrustedText text={token.symbol} kind="symbol" />{' '}
                <span className={ui.muted}>
                  <LtrText>{token.address}</LtrText>
                </span>{' '}
                <button
                  type="button"
                  className={ui.secondary}
                  onClick={() => removeCustomToken(network.id, token.address)}
                >
                  {t('portfolio:tokens.remove', { symbol: untrustedLabel(token.symbol, 'symbol') })}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {hidden.length > 0 && (
        <div>
          <h3>{t('portfolio:tokens.hidden')}</h3>
          <ul className={styles.plainList}>
            {hidden.map((address) => (
              <li key={address}>
                <TokenName value={nameOf(address)} />{' '}
                <button
                  type="button"
                  className={ui.secondary}
                  onClick={() => setTokenHidden(network.id, address, false)}
                >
                  {t('portfolio:tokens.show', { token: nameOf(address) })}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
