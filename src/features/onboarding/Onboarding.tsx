import { type ComponentType, lazy, Suspense, startTransition, useState } from 'react';
import { Screen } from '@/components/Screen';
import { useSelectedNetwork, useSession } from '@/lib/session';
import { useVault } from '@/lib/vault';
import styles from './onboarding.module.css';
import { type FlowProps, type OnboardingMode, ReplaceConsent } from './types';

// Each flow is its own chunk: the welcome screen loads none of the key code.
const CreateFlow = lazy(() => import('./CreateFlow').then((m) => ({ default: m.CreateFlow })));
const ImportPhraseFlow = lazy(() => import('./ImportPhraseFlow').then((m) => ({ default: m.ImportPhraseFlow })));
const ImportKeyFlow = lazy(() => import('./ImportKeyFlow').then((m) => ({ default: m.ImportKeyFlow })));
const ImportKeystoreFlow = lazy(() => import('./ImportKeystoreFlow').then((m) => ({ default: m.ImportKeystoreFlow })));
const ImportLedgerFlow = lazy(() => import('./ImportLedgerFlow').then((m) => ({ default: m.ImportLedgerFlow })));
const ImportQrDeviceFlow = lazy(() => import('./ImportQrDeviceFlow').then((m) => ({ default: m.ImportQrDeviceFlow })));
const ImportExternalWalletFlow = lazy(() =>
  import('./ImportExternalWalletFlow').then((m) => ({ default: m.ImportExternalWalletFlow })),
);
const WatchFlow = lazy(() => import('./WatchFlow').then((m) => ({ default: m.WatchFlow })));
const RestoreBackupFlow = lazy(() => import('./RestoreBackupFlow').then((m) => ({ default: m.RestoreBackupFlow })));
const DemoFlow = lazy(() => import('./DemoFlow').then((m) => ({ default: m.DemoFlow })));
// Only a damaged or newer vault needs it: kept out of the welcome screen's code.
const UnreadableVault = lazy(() => import('./UnreadableVault').then((m) => ({ default: m.UnreadableVault })));

type Method = { id: string; title: string; description: string; Flow: ComponentType<FlowProps>; demo?: boolean };

const methods: Method[] = [
  {
    id: 'create',
    title: 'Create a new wallet',
    description: 'A new recovery phrase, made on this device.',
    Flow: CreateFlow,
  },
  {
    id: 'phrase',
    title: 'Import a recovery phrase',
    description: '12–24 words, with an optional passphrase and any derivation path.',
    Flow: ImportPhraseFlow,
  },
  {
    id: 'key',
    title: 'Import a private key',
    description: 'A single account from its 64-digit key.',
    Flow: ImportKeyFlow,
  },
  {
    id: 'keystore',
    title: 'Import a keystore file',
    description: 'A JSON keystore (UTC--…) and its password.',
    Flow: ImportKeystoreFlow,
  },
  {
    id: 'ledger',
    title: 'Connect a Ledger',
    description: 'Over USB in Chromium browsers: the keys stay on the Ledger.',
    Flow: ImportLedgerFlow,
  },
  {
    id: 'qrDevice',
    title: 'Connect a QR signing device',
    description: 'Keystone, AirGap Vault and other air-gapped signers: the keys stay on the device.',
    Flow: ImportQrDeviceFlow,
  },
  {
    id: 'externalWallet',
    title: 'Connect a browser wallet',
    description: 'MetaMask, Rabby and others in this browser: Cairn reviews, the wallet signs and sends.',
    Flow: ImportExternalWalletFlow,
  },
  { id: 'watch', title: 'Watch an address', description: 'Balances and history without a key.', Flow: WatchFlow },
  {
    id: 'backup',
    title: 'Restore a Cairn backup',
    description: 'A vault backup file saved from Cairn.',
    Flow: RestoreBackupFlow,
  },
  {
    id: 'demo',
    title: 'Open demo wallet',
    description: 'The public test accounts of the local chain. Never use them on a real network.',
    Flow: DemoFlow,
    demo: true,
  },
];

/**
 * Every way to bring keys into Cairn. On first run it ends by creating the vault; from "Add
 * wallet" it adds to the unlocked vault.
 */
export function Onboarding({ mode, onFinished }: { mode: OnboardingMode; onFinished?: () => void }) {
  const [chosen, setChosen] = useState<Method>();
  const devchain = useSession((s) => s.devchain);
  const network = useSelectedNetwork();
  const status = useVault((s) => s.status);
  const damage = useVault((s) => s.damage);
  const unreadable = mode === 'first-run' && (status === 'damaged' || status === 'newer');
  const [replaceConsent, setReplaceConsent] = useState<string>();
  const offerDemo = devchain && network.kind === 'local';
  const available = methods.filter((m) => !m.demo || offerDemo);

  if (chosen) {
    const { Flow } = chosen;
    return (
      <Screen title={mode === 'first-run' ? 'Set up Cairn' : 'Add a wallet'}>
        <div className={styles.flow}>
          <ReplaceConsent.Provider value={replaceConsent}>
            <Suspense fallback={<p>Loading…</p>}>
              <Flow
                mode={mode}
                onCancel={() => startTransition(() => setChosen(undefined))}
                onDone={() => onFinished?.()}
              />
            </Suspense>
          </ReplaceConsent.Provider>
        </div>
      </Screen>
    );
  }

  return (
    <Screen title={mode === 'first-run' ? 'Welcome to Cairn' : 'Add a wallet'}>
      <div className={styles.flow}>
        {unreadable && (
          <Suspense fallback={<p>Loading…</p>}>
            <UnreadableVault
              newer={status === 'newer'}
              reason={damage}
              consented={replaceConsent !== undefined}
              onConsent={setReplaceConsent}
            />
          </Suspense>
        )}
        {mode === 'first-run' && !unreadable && (
          <p>
            Cairn keeps your keys on this device, encrypted with your password, and talks only to the nodes you choose.
            How do you want to start?
          </p>
        )}
        {(!unreadable || replaceConsent !== undefined) && (
          <ul className={styles.methods}>
            {available.map((method) => (
              <li key={method.id}>
                <button
                  type="button"
                  className={`${styles.method} ${method.demo ? styles.methodDemo : ''}`}
                  onClick={() => startTransition(() => setChosen(method))}
                >
                  <strong>{method.title}</strong>
                  <span>{method.description}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Screen>
  );
}
