import { AddressText } from '@/components/AddressText';
import ui from '@/components/ui.module.css';
import { LOCAL_EXAMPLES, type LocalExample } from '@/core/contracts/localExamples';
import { useSelectedNetwork } from '@/lib/session';
import styles from './contracts.module.css';
import { showContract, updateContracts } from './contractsStore';

/**
 * On the local chain only: the seeded contracts that show what the transaction preview does (a
 * swap, a marketplace, a drainer, a fee-on-transfer token, custom errors) and the demo tokens their
 * flows need, each loaded with its bundled ABI in one click.
 */
export function ExampleContracts({ onLoaded }: { onLoaded(): void }) {
  const network = useSelectedNetwork();
  if (network.kind !== 'local') return null;

  const load = (example: LocalExample) => {
    updateContracts({ address: example.address });
    showContract({
      networkId: network.id,
      address: example.address,
      abi: example.abi,
      sourceLabel: `bundled ABI of the example “${example.name}”`,
    });
    onLoaded();
  };

  return (
    <section className={ui.section} aria-labelledby="example-contracts-title">
      <h2 id="example-contracts-title">Example contracts on {network.name}</h2>
      <p className={ui.muted}>
        Deployed by the local chain’s seed, to try what Send’s review shows before you sign. They exist only on this
        machine.
      </p>
      <ul className={ui.plainList} aria-labelledby="example-contracts-title">
        {LOCAL_EXAMPLES.map((example) => (
          <li key={example.id} className={ui.card}>
            <p>
              <strong>{example.name}</strong>
            </p>
            <p className={ui.muted}>{example.summary}</p>
            <p className={styles.address}>
              <AddressText address={example.address} />
            </p>
            <div className={ui.actions}>
              <button type="button" aria-label={`Load ${example.name}`} onClick={() => load(example)}>
                Load
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
