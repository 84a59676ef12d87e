import ui from '@/components/ui.module.css';
import { DEMO_MNEMONIC } from '@/core/chain/localChain';
import { DEFAULT_PATH_TEMPLATE } from '@/core/keys/derivationPath';
import { deriveAddresses, nfkdBytes, seedFromPhrase } from '@/core/keys/hd';
import { FinishStep } from './FinishStep';
import type { FlowProps } from './types';

const DEMO_ACCOUNTS = 3;

/** Imports the public Hardhat test phrase for the embedded local chain, labelled as such. */
export function DemoFlow({ mode, onDone }: FlowProps) {
  return (
    <>
      <div className={ui.noticeDanger}>
        <p>
          <strong>Public test keys.</strong> The demo wallet uses the Hardhat test phrase <code>{DEMO_MNEMONIC}</code>.
          Everyone knows it. Use these accounts on the local chain only; anything sent to them on a real network is
          taken at once.
        </p>
      </div>
      <FinishStep
        mode={mode}
        onDone={onDone}
        summary={`The demo phrase and its first ${DEMO_ACCOUNTS} accounts, marked as public test keys.`}
        prepare={async () => {
          const phrase = nfkdBytes(DEMO_MNEMONIC);
          const seed = await seedFromPhrase(phrase);
          const addresses = deriveAddresses(seed, DEFAULT_PATH_TEMPLATE, 0, DEMO_ACCOUNTS);
          seed.fill(0);
          return {
            secret: {
              kind: 'phrase',
              phrase,
              passphrase: new Uint8Array(),
              language: 'english',
              origin: 'demo',
              backedUp: true,
            },
            accounts: addresses.map((a) => ({
              address: a.address,
              demo: true,
              source: { kind: 'hd' as const, template: DEFAULT_PATH_TEMPLATE, index: a.index, path: a.path },
            })),
          };
        }}
      />
    </>
  );
}
