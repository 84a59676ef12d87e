import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { DEMO_MNEMONIC } from '@/core/chain/localChain';
import { codeValue } from '@/core/i18n/message';
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
          <T
            id="onboarding:demo.warning"
            values={{ phrase: codeValue(DEMO_MNEMONIC) }}
            tags={{ 0: <strong />, 1: <code /> }}
          />
        </p>
      </div>
      <FinishStep
        mode={mode}
        onDone={onDone}
        summary={<T id="onboarding:demo.summary" values={{ count: DEMO_ACCOUNTS }} />}
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
