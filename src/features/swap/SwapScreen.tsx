import { useStore } from 'zustand';
import { NetworkSelect } from '@/components/NetworkSelect';
import { NodeProblem } from '@/components/NodeProblem';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { useSendingHeld, VerificationHold } from '@/components/VerificationHold';
import { WatchOnlyNotice } from '@/components/WatchOnlyNotice';
import { canSign } from '@/core/accounts/signerKinds';
import { untrustedValue } from '@/core/i18n/message';
import { swapDeploymentFor } from '@/core/swap/swapNetwork';
import { useT } from '@/lib/i18n';
import { ScreenNetwork, useNetworkChoices, useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useSelectedAccount } from '@/lib/vault/vault';
import { SwapForm } from './SwapForm';
import { swapFlowStore, updateSwapForm } from './swapFlowStore';

/**
 * Swap: Uniswap quotes read through the person's own node, then Send's review. No fee, no quote
 * service. On the network picked here (among the followed ones), else the header's: everything
 * inside reads that one, Send's review included.
 */
export function SwapScreen() {
  const t = useT('swap');
  const header = useSelectedNetwork();
  const networks = useSession((s) => s.networks);
  const networkId = useStore(swapFlowStore, (s) => s.form.networkId);
  const network = networks.find((n) => n.id === networkId) ?? header;
  const choices = useNetworkChoices(network);
  const deployment = swapDeploymentFor(network);
  const selected = useSelectedAccount();
  const watched = selected && !canSign(selected) ? selected : undefined;
  const held = useSendingHeld(network);
  // Tokens and amount were of the other network: they start afresh.
  const choose = (id: string) => updateSwapForm({ networkId: id, assetIn: 'native', assetOut: '', amount: '' });
  return (
    <Screen title={t('swap:title')}>
      <ScreenNetwork network={network}>
        <NetworkSelect label={t('swap:network')} choices={choices} value={network} onChange={choose} />
        {/* The shell's panel speaks of the header's network: this one's node is said here, named. */}
        {network.id !== header.id && <NodeProblem network={network} named />}
        {!deployment ? (
          <p className={ui.noticeWarning}>
            <T id="swap:noUniswap" values={{ network: untrustedValue(network.name, 'name') }} />
          </p>
        ) : watched ? (
          <WatchOnlyNotice account={watched} task={t('swap:watchOnly.task')} />
        ) : held ? (
          <VerificationHold network={network} />
        ) : (
          <SwapForm network={network} deployment={deployment} />
        )}
      </ScreenNetwork>
      <section aria-labelledby="swap-privacy-title">
        <h2 id="swap-privacy-title">{t('swap:privacy.title')}</h2>
        <p>{t('swap:privacy.quotes')}</p>
        <p>{t('swap:privacy.noFee')}</p>
      </section>
    </Screen>
  );
}
