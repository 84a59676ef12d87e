import { useMemo, useState } from 'react';
import { AddressText } from '@/components/AddressText';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { listedTokens } from '@/core/assets/catalogue';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { listFunctions } from '@/core/contracts/functions';
import { useAddressNames } from '@/lib/addressNames';
import { useSelectedNetwork, useSession } from '@/lib/session';
import styles from './contracts.module.css';
import { showContract, updateContracts } from './contractsStore';
import { plural } from './words';

const NO_SAVED: SavedAbi[] = [];

/** The contracts saved on this network (address and ABI): open one, or remove it. */
export function SavedContracts({ onLoaded }: { onLoaded(): void }) {
  const network = useSelectedNetwork();
  const saved = useSession((s) => s.savedAbis[network.id] ?? NO_SAVED);
  const removeAbi = useSession((s) => s.removeAbi);
  const custom = useSession((s) => s.customTokens[network.id]);
  const addressName = useAddressNames(network);
  const [status, setStatus] = useState('');
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
      sourceLabel: 'ABI saved for this address',
    });
    setStatus('');
    onLoaded();
  };

  const remove = (entry: SavedAbi) => {
    removeAbi(network.id, entry.address);
    setStatus(`Removed ${entry.address} from the saved contracts.`);
  };

  return (
    <section className={ui.section} aria-labelledby="saved-contracts-title">
      <h2 id="saved-contracts-title">Saved contracts on {network.name}</h2>
      {saved.length === 0 ? (
        <p className={ui.muted}>
          None yet. Load a contract, then “Save this contract” keeps its address and ABI on this device.
        </p>
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
                <p className={ui.muted}>
                  {plural(read.length, 'read function')}, {plural(write.length, 'write function')}
                </p>
                <div className={ui.actions}>
                  <button type="button" aria-label={`Open ${entry.address}`} onClick={() => open(entry)}>
                    Open
                  </button>
                  <button
                    type="button"
                    className={ui.secondary}
                    aria-label={`Remove ${entry.address}`}
                    onClick={() => remove(entry)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className={ui.muted}>
        {status}
      </p>
    </section>
  );
}
