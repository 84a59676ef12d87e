import { useState } from 'react';
import type { Address } from 'viem';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { WalletAnnouncement } from '@/core/externalWallet/announcement';
import { walletAddresses, walletName } from '@/core/externalWallet/walletRequests';
import type { Message } from '@/core/i18n/message';
import { discoverWallets, useExternalWallets } from '@/lib/browser/externalWallets';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { QueryScope } from '@/lib/queries/queryClient';
import { AddressChoices, continueWith, toggled } from './AddressChoices';
import { FinishStep } from './FinishStep';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

type Shared = { wallet: WalletAnnouncement; addresses: Address[] };

/**
 * Adds accounts of a browser wallet (MetaMask, Rabby, … announced through EIP-6963 in Cairn's
 * page): the wallet shares its addresses, the person chooses. Cairn keeps only the addresses;
 * the wallet signs, and sends transactions itself.
 */
export function ImportExternalWalletFlow({ mode, onDone, onCancel }: FlowProps) {
  const [shared, setShared] = useState<Shared>();
  const [chosen, setChosen] = useState<Address[]>();
  if (!shared) return <WalletList onBack={onCancel} onShared={setShared} />;
  const { wallet } = shared;
  if (!chosen) {
    return (
      <QueryScope>
        <WalletAccounts shared={shared} onBack={() => setShared(undefined)} onConfirm={setChosen} />
      </QueryScope>
    );
  }
  return (
    <FinishStep
      mode={mode}
      onDone={onDone}
      summary={
        <T id="onboarding:externalWallet.summary" values={{ count: chosen.length, wallet: walletName(wallet) }} />
      }
      prepare={async () => ({
        secret: undefined,
        accounts: chosen.map((address) => ({
          address,
          source: { kind: 'external' as const, walletName: wallet.name, rdns: wallet.rdns },
        })),
      })}
    />
  );
}

function WalletList({ onBack, onShared }: { onBack(): void; onShared(shared: Shared): void }) {
  const t = useT('onboarding');
  const wallets = useExternalWallets();
  const [asking, setAsking] = useState<string>();
  const [error, setError] = useState<Message | string>();
  const connect = async (wallet: WalletAnnouncement) => {
    if (asking !== undefined) return;
    setAsking(wallet.rdns);
    setError(undefined);
    try {
      onShared({ wallet, addresses: await walletAddresses(wallet, 'eth_requestAccounts') });
    } catch (e) {
      setError(errorMessage(e));
      setAsking(undefined);
    }
  };
  return (
    <StepForm
      title={t('onboarding:externalWallet.title')}
      description={t('onboarding:externalWallet.description')}
      error={error}
      onContinue={() => undefined}
      continueDisabled
      continueLabel={t('onboarding:externalWallet.continue')}
      onBack={onBack}
    >
      {wallets.length === 0 ? (
        <p>{t('onboarding:externalWallet.none')}</p>
      ) : (
        <ul className={ui.plainList} aria-label={t('onboarding:externalWallet.listLabel')}>
          {wallets.map((wallet) => (
            <li key={wallet.rdns}>
              <button
                type="button"
                onClick={() => void connect(wallet)}
                aria-disabled={asking !== undefined || undefined}
              >
                {t(asking === wallet.rdns ? 'onboarding:externalWallet.waiting' : 'onboarding:externalWallet.connect', {
                  wallet: walletName(wallet),
                })}
              </button>{' '}
              <bdi className={ui.muted} dir="ltr" translate="no">
                {wallet.rdns}
              </bdi>
            </li>
          ))}
        </ul>
      )}
      <div className={ui.actions}>
        <button type="button" className={ui.secondary} onClick={discoverWallets}>
          {t('onboarding:externalWallet.lookAgain')}
        </button>
      </div>
    </StepForm>
  );
}

function WalletAccounts({
  shared,
  onBack,
  onConfirm,
}: {
  shared: Shared;
  onBack(): void;
  onConfirm(chosen: Address[]): void;
}) {
  const t = useT('onboarding');
  const { wallet, addresses } = shared;
  const [selected, setSelected] = useState<Set<number>>(new Set([0]));
  const [attempted, setAttempted] = useState(false);
  const submit = () => {
    setAttempted(true);
    if (selected.size > 0) onConfirm(addresses.filter((_, index) => selected.has(index)));
  };
  return (
    <StepForm
      title={t('onboarding:choose.title')}
      description={<T id="onboarding:externalWallet.shared" values={{ wallet: walletName(wallet) }} />}
      error={attempted && selected.size === 0 ? t('onboarding:choose.noneChosen') : undefined}
      onContinue={submit}
      continueLabel={continueWith(selected.size)}
      onBack={onBack}
      backLabel={t('onboarding:externalWallet.chooseAnother')}
    >
      <AddressChoices
        addresses={addresses.map((address, index) => ({ index, address }))}
        selected={selected}
        onToggle={(i) => setSelected(toggled(selected, i))}
      />
    </StepForm>
  );
}
