import { useState } from 'react';
import type { Address } from 'viem';
import ui from '@/components/ui.module.css';
import type { WalletAnnouncement } from '@/core/externalWallet/announcement';
import { walletAddresses, walletLabel } from '@/core/externalWallet/walletRequests';
import { errorText } from '@/lib/errorMessages';
import { discoverWallets, useExternalWallets } from '@/lib/externalWallets';
import { accountsText } from '@/lib/format';
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
      summary={`${accountsText(chosen.length)} of ${walletLabel(wallet)}. Cairn keeps their addresses; ${walletLabel(wallet)} signs and sends.`}
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
  const wallets = useExternalWallets();
  const [asking, setAsking] = useState<string>();
  const [error, setError] = useState<string>();
  const connect = async (wallet: WalletAnnouncement) => {
    if (asking !== undefined) return;
    setAsking(wallet.rdns);
    setError(undefined);
    try {
      onShared({ wallet, addresses: await walletAddresses(wallet, 'eth_requestAccounts') });
    } catch (e) {
      setError(errorText(e));
      setAsking(undefined);
    }
  };
  return (
    <StepForm
      title="Connect a browser wallet"
      description="Wallets installed in this browser that announce themselves to web pages (EIP-6963: MetaMask, Rabby and others). Cairn prepares, previews and reviews each transaction; the wallet signs it and sends it itself."
      error={error}
      onContinue={() => undefined}
      continueDisabled
      continueLabel="Choose a wallet to continue"
      onBack={onBack}
    >
      {wallets.length === 0 ? (
        <p>No browser wallet announced itself in this page. Install or turn one on, then look again.</p>
      ) : (
        <ul className={ui.plainList} aria-label="Browser wallets">
          {wallets.map((wallet) => (
            <li key={wallet.rdns}>
              <button
                type="button"
                onClick={() => void connect(wallet)}
                aria-disabled={asking !== undefined || undefined}
              >
                {asking === wallet.rdns ? `Waiting for ${walletLabel(wallet)}…` : `Connect ${walletLabel(wallet)}`}
              </button>{' '}
              <span className={ui.muted}>{wallet.rdns}</span>
            </li>
          ))}
        </ul>
      )}
      <div className={ui.actions}>
        <button type="button" className={ui.secondary} onClick={discoverWallets}>
          Look again
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
  const { wallet, addresses } = shared;
  const [selected, setSelected] = useState<Set<number>>(new Set([0]));
  const [attempted, setAttempted] = useState(false);
  const submit = () => {
    setAttempted(true);
    if (selected.size > 0) onConfirm(addresses.filter((_, index) => selected.has(index)));
  };
  return (
    <StepForm
      title="Choose accounts"
      description={`The accounts ${walletLabel(wallet)} shares with Cairn. To add others, choose them in ${walletLabel(wallet)} and connect again.`}
      error={attempted && selected.size === 0 ? 'Choose at least one account.' : undefined}
      onContinue={submit}
      continueLabel={continueWith(selected.size)}
      onBack={onBack}
      backLabel="Choose another wallet"
    >
      <AddressChoices
        addresses={addresses.map((address, index) => ({ index, address }))}
        selected={selected}
        onToggle={(i) => setSelected(toggled(selected, i))}
      />
    </StepForm>
  );
}
