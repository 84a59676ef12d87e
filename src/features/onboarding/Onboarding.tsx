import { type ComponentType, lazy, type ReactNode, Suspense, startTransition, useState } from 'react';
import { Screen } from '@/components/Screen';
import { useT } from '@/lib/i18n';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useVault } from '@/lib/vault/vault';
import styles from './onboarding.module.css';
import { type FlowProps, type OnboardingMode, ReplaceConsent } from './types';

// Each flow is its own chunk: the welcome screen loads none of the key code.
const CreateFlow = lazy(() => import('./CreateFlow').then((m) => ({ default: m.CreateFlow })));
const ImportPhraseFlow = lazy(() => import('./ImportPhraseFlow').then((m) => ({ default: m.ImportPhraseFlow })));
const RestoreSharesFlow = lazy(() => import('./RestoreSharesFlow').then((m) => ({ default: m.RestoreSharesFlow })));
const ImportKeyFlow = lazy(() => import('./ImportKeyFlow').then((m) => ({ default: m.ImportKeyFlow })));
const ImportKeystoreFlow = lazy(() => import('./ImportKeystoreFlow').then((m) => ({ default: m.ImportKeystoreFlow })));
const ImportLedgerFlow = lazy(() => import('./ImportLedgerFlow').then((m) => ({ default: m.ImportLedgerFlow })));
const ImportQrDeviceFlow = lazy(() => import('./ImportQrDeviceFlow').then((m) => ({ default: m.ImportQrDeviceFlow })));
const ImportExternalWalletFlow = lazy(() =>
  import('./ImportExternalWalletFlow').then((m) => ({ default: m.ImportExternalWalletFlow })),
);
const WatchFlow = lazy(() => import('./WatchFlow').then((m) => ({ default: m.WatchFlow })));
const AddSafeFlow = lazy(() => import('./AddSafeFlow').then((m) => ({ default: m.AddSafeFlow })));
const CreatePasskeyAccountFlow = lazy(() =>
  import('./CreatePasskeyAccountFlow').then((m) => ({ default: m.CreatePasskeyAccountFlow })),
);
const RestoreBackupFlow = lazy(() => import('./RestoreBackupFlow').then((m) => ({ default: m.RestoreBackupFlow })));
const DemoFlow = lazy(() => import('./DemoFlow').then((m) => ({ default: m.DemoFlow })));
// Only a damaged or newer vault needs it: kept out of the welcome screen's code.
const UnreadableVault = lazy(() => import('./UnreadableVault').then((m) => ({ default: m.UnreadableVault })));

/** Each way in, its words by message id (worded where shown). */
const methods = [
  {
    id: 'create',
    title: 'onboarding:method.create.title',
    description: 'onboarding:method.create.description',
    Flow: CreateFlow,
  },
  {
    id: 'phrase',
    title: 'onboarding:method.phrase.title',
    description: 'onboarding:method.phrase.description',
    Flow: ImportPhraseFlow,
  },
  {
    id: 'shares',
    title: 'onboarding:method.shares.title',
    description: 'onboarding:method.shares.description',
    Flow: RestoreSharesFlow,
  },
  {
    id: 'key',
    title: 'onboarding:method.key.title',
    description: 'onboarding:method.key.description',
    Flow: ImportKeyFlow,
  },
  {
    id: 'keystore',
    title: 'onboarding:method.keystore.title',
    description: 'onboarding:method.keystore.description',
    Flow: ImportKeystoreFlow,
  },
  {
    id: 'ledger',
    title: 'onboarding:method.ledger.title',
    description: 'onboarding:method.ledger.description',
    Flow: ImportLedgerFlow,
  },
  {
    id: 'qrDevice',
    title: 'onboarding:method.qrDevice.title',
    description: 'onboarding:method.qrDevice.description',
    Flow: ImportQrDeviceFlow,
  },
  {
    id: 'externalWallet',
    title: 'onboarding:method.externalWallet.title',
    description: 'onboarding:method.externalWallet.description',
    Flow: ImportExternalWalletFlow,
  },
  {
    id: 'watch',
    title: 'onboarding:method.watch.title',
    description: 'onboarding:method.watch.description',
    Flow: WatchFlow,
  },
  {
    id: 'safe',
    title: 'onboarding:method.safe.title',
    description: 'onboarding:method.safe.description',
    Flow: AddSafeFlow,
  },
  {
    id: 'passkeyAccount',
    title: 'onboarding:method.passkeyAccount.title',
    description: 'onboarding:method.passkeyAccount.description',
    Flow: CreatePasskeyAccountFlow,
    // Another of the person's accounts sends its upgrade and pays its gas: only in a vault that has one.
    addOnly: true,
  },
  {
    id: 'backup',
    title: 'onboarding:method.backup.title',
    description: 'onboarding:method.backup.description',
    Flow: RestoreBackupFlow,
  },
  {
    id: 'demo',
    title: 'onboarding:method.demo.title',
    description: 'onboarding:method.demo.description',
    Flow: DemoFlow,
    demo: true,
  },
] as const satisfies readonly {
  id: string;
  title: string;
  description: string;
  Flow: ComponentType<FlowProps>;
  demo?: boolean;
  addOnly?: boolean;
}[];

type Method = (typeof methods)[number];

/**
 * Every way to bring keys into Cairn. On first run it ends by creating the vault; from "Add
 * wallet" it adds to the unlocked vault.
 */
export function Onboarding({ mode, onFinished }: { mode: OnboardingMode; onFinished?: () => void }) {
  const t = useT('onboarding');
  const [chosen, setChosen] = useState<Method>();
  const devchain = useSession((s) => s.devchain);
  const network = useSelectedNetwork();
  const status = useVault((s) => s.status);
  const damage = useVault((s) => s.damage);
  const unreadable = mode === 'first-run' && (status === 'damaged' || status === 'newer');
  const [replaceConsent, setReplaceConsent] = useState<string>();
  const offerDemo = devchain && network.kind === 'local';

  if (chosen) {
    const { Flow } = chosen;
    return (
      <Screen title={t(mode === 'first-run' ? 'onboarding:title.setUp' : 'onboarding:title.add')}>
        <div className={styles.flow}>
          <ReplaceConsent.Provider value={replaceConsent}>
            <Suspense fallback={<p>{t('onboarding:loading')}</p>}>
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
    <Welcome
      mode={mode}
      offerDemo={offerDemo}
      onChoose={(method) => startTransition(() => setChosen(method))}
      unreadable={
        unreadable && (
          <Suspense fallback={<p>{t('onboarding:loading')}</p>}>
            <UnreadableVault
              newer={status === 'newer'}
              reason={damage}
              consented={replaceConsent !== undefined}
              onConsent={setReplaceConsent}
            />
          </Suspense>
        )
      }
      showMethods={!unreadable || replaceConsent !== undefined}
    />
  );
}

type WelcomeProps = {
  mode: OnboardingMode;
  offerDemo: boolean;
  onChoose: (method: Method) => void;
  /** What a vault that cannot be read says, in place of the introduction. */
  unreadable?: ReactNode;
  showMethods?: boolean;
};

/**
 * The ways in, with no state of its own: the screen above, and the set-up shell pre-rendered
 * into index.html at build time (src/app/firstScreen), which paints before the code runs.
 */
export function Welcome({ mode, offerDemo, onChoose, unreadable, showMethods = true }: WelcomeProps) {
  const t = useT('onboarding');
  const available = methods.filter((m) => (!('demo' in m) || offerDemo) && (!('addOnly' in m) || mode === 'add'));
  return (
    <Screen title={t(mode === 'first-run' ? 'onboarding:title.welcome' : 'onboarding:title.add')}>
      <div className={styles.flow}>
        {unreadable}
        {mode === 'first-run' && !unreadable && <p>{t('onboarding:welcome.intro')}</p>}
        {showMethods && (
          <ul className={styles.methods}>
            {available.map((method) => (
              <li key={method.id}>
                <button
                  type="button"
                  className={`${styles.method} ${'demo' in method ? styles.methodDemo : ''}`}
                  onClick={() => onChoose(method)}
                >
                  <strong>{t(method.title)}</strong>
                  <span>{t(method.description)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Screen>
  );
}
