import { useMemo, useState } from 'react';
import { AddressText } from '@/components/AddressText';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { listedTokens } from '@/core/assets/catalogue';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { listFunctions } from '@/core/contracts/functions';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useAddressNames } from '@/lib/names/addressNames';
import { useSelectedNetwork, useSession, useWhenStored } from '@/lib/stores/session';
import styles from './contracts.module.css';
import { showContract, updateContracts } from './contractsStore';

const NO_SAVED: SavedAbi[] = [];

/** The contracts saved on this network (address and ABI): open one, or remove it. */
export function SavedContracts({ onLoaded }: { onLoaded(): void }) {
  const t = useT('contracts');
  const network = useSelectedNetwork();
  const saved = useSession((s) => s.savedAbis[network.id] ?? NO_SAVED);
  const removeAbi = useSession((s) => s.removeAbi);
  const whenStored = useWhenStored();
  const custom = useSession((s) => s.customTokens[network.id]);
  const addressName = useAddressNames(network);
  const [status, setStatus] = useState<Message>();
  const tokenName = useMemo(() => {
    const names = new Map<string, string>();
    for (const token of [...listedTokens(network), ...(custom ?? [])]) {
      names.set(token.address.toLowerCase(), token.symbol);
    }
    return (address: string) => names.get(address.toLowerCase());
  }, [network, custom]);

  const open = (entry: SavedAbi) => {
    updateContracts({ address: entry.address, source: 'saved' });
    showContract({
      networkId: network.id,
      address: entry.address,
      abi: entry.abi,
      sourceLabel: msg('contracts:source.saved'),
    });
    setStatus(undefined);
    onLoaded();
  };

  const remove = async (entry: SavedAbi) => {
    removeAbi(network.id, entry.address);
    setStatus(undefined);
    if (await whenStored()) setStatus(msg('contracts:saved.removed', { address: codeValue(entry.address) }));
  };

  return (
    <section className={ui.section} aria-labelledby="saved-contracts-title">
      <h2 id="saved-contracts-title">
        <T id="contracts:saved.title" values={{ network: untrustedValue(network.name, 'name') }} />
      </h2>
      {saved.length === 0 ? (
        <p className={ui.muted}>{t('contracts:saved.none')}</p>
      ) : (
        <ul className={ui.plainList} aria-labelledby="saved-contracts-title">
          {saved.map((entry) => {
            const { read, write } = listFunctions(entry.abi);
            const contact = addressName(entry.address);
            const symbol = contact === undefined ? tokenName(entry.address) : undefined;
            return (
              <li key={entry.address} className={ui.card}>
                <p className={styles.address}>
                  {(contact ?? symbol) !== undefined && (
                    <strong>
                      {contact !== undefined && <UntrustedText text={contact} kind="name" />}
                      {symbol !== undefined && <UntrustedText text={symbol} kind="symbol" />}:{' '}
                    </strong>
                  )}
                  <AddressText address={entry.address} />
                </p>
                <p className={ui.muted}>{t('contracts:saved.functions', { read: read.length, write: write.length })}</p>
                <div className={ui.actions}>
                  <button
                    type="button"
                    aria-label={t('contracts:saved.openLabel', { address: codeValue(entry.address) })}
                    onClick={() => open(entry)}
                  >
                    {t('contracts:saved.open')}
                  </button>
                  <button
                    type="button"
                    className={ui.secondary}
                    aria-label={t('contracts:saved.removeLabel', { address: codeValue(entry.address) })}
                    onClick={() => remove(entry)}
                  >
                    {t('contracts:saved.remove')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className={ui.muted}>
        {status && <T message={status} />}
      </p>
    </section>
  );
}
