import { AddressText } from '@/components/AddressText';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { isLocalL1 } from '@/core/chain/networks';
import { LOCAL_EXAMPLES, type LocalExample } from '@/core/contracts/localExamples';
import { msg, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useSelectedNetwork } from '@/lib/stores/session';
import styles from './contracts.module.css';
import { showContract, updateContracts } from './contractsStore';

/**
 * On the local chain only: the seeded contracts that show what the transaction preview does (a
 * swap, a marketplace, a drainer, a fee-on-transfer token, custom errors) and the demo tokens their
 * flows need, each loaded with its bundled ABI in one click.
 */
export function ExampleContracts({ onLoaded }: { onLoaded(): void }) {
  const t = useT('contracts');
  const network = useSelectedNetwork();
  if (!isLocalL1(network)) return null;

  const load = (example: LocalExample) => {
    updateContracts({ address: example.address });
    showContract({
      networkId: network.id,
      address: example.address,
      abi: example.abi,
      sourceLabel: msg('contracts:source.example', { name: example.name }),
    });
    onLoaded();
  };

  return (
    <section className={ui.section} aria-labelledby="example-contracts-title">
      <h2 id="example-contracts-title">
        <T id="contracts:examples.title" values={{ network: untrustedValue(network.name, 'name') }} />
      </h2>
      <p className={ui.muted}>{t('contracts:examples.intro')}</p>
      <ul className={ui.plainList} aria-labelledby="example-contracts-title">
        {LOCAL_EXAMPLES.map((example) => (
          <li key={example.id} className={ui.card}>
            <p>
              <strong>
                <T message={example.name} />
              </strong>
            </p>
            <p className={ui.muted}>
              <T message={example.summary} />
            </p>
            <p className={styles.address}>
              <AddressText address={example.address} />
            </p>
            <div className={ui.actions}>
              <button
                type="button"
                aria-label={t('contracts:examples.loadLabel', { name: example.name })}
                onClick={() => load(example)}
              >
                {t('contracts:examples.load')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
